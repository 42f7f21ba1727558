import { describe, expect, it } from 'vitest';
import { createPdf, mm, pdfBuffer, printDate, renderPrintForm } from './pdf.ts';

describe('pdf', () => {
  it('renders a print form with Cyrillic text as a PDF with the DejaVu font embedded', async () => {
    const rows = Array.from({ length: 120 }, (_, i) => [String(i + 1), `Резистор 10 кОм №${i + 1}`, 'шт', '']);
    const pdf = await renderPrintForm({
      title: 'Інвентаризаційний опис',
      subtitle: '№ AUD-2026-00001 від 22.11.2026',
      fields: [['Склад', 'Основний склад']],
      columns: [
        { header: '№', width: 1 },
        { header: 'Найменування', width: 6 },
        { header: 'Од.', width: 1 },
        { header: 'Фактично', width: 2 },
      ],
      rows,
      totals: [['Рядків', '120']],
      signatures: ['Голова комісії', 'Матеріально відповідальна особа'],
    });
    const text = pdf.toString('latin1');
    expect(text.startsWith('%PDF-')).toBe(true);
    expect(text).toContain('DejaVuSans');
    // 120 rows do not fit one A4 page: the table continues with its header on the next pages.
    expect((text.match(/\/Type \/Page\b/g) ?? []).length).toBeGreaterThan(1);
  });

  it('makes pages of the requested size', async () => {
    const doc = createPdf({ size: [mm(58), mm(40)], margin: 0 });
    doc.addPage();
    doc.text('Тест');
    const text = (await pdfBuffer(doc)).toString('latin1');
    expect(text).toMatch(/\/MediaBox \[0 0 164\.4\d* 113\.3\d*\]/);
  });

  it('prints dates as dd.mm.yyyy', () => {
    expect(printDate('2026-11-22')).toBe('22.11.2026');
    expect(printDate(null)).toBe('—');
  });
});
