// Client mail (sales.md §5 "Done means"): letters to 3 clients at once print as 3 C5 envelopes (229×162 mm) carrying
// the client's postal address and our company as sender, and become 'Конверт надруковано'; a register of them, once
// sent, is stamped and prints with 3 rows; an invalid tracking number is refused with the format named. Plus the
// state machine, the validation, the envelope templates and the audit.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminRoleId, replaceUserRoles } from '@/modules/roles/server/index.ts';
import { auditLog } from '@/modules/system-logs/server/index.ts';
import { createTestApp, createUser, signIn, type TestApp } from '@/server/testing/test-app.ts';
import { mm } from '@/server/kernel/pdf/pdf.ts';
import { sampleEdrpou } from '@/shared/requisites.ts';
import { kyivToday, addDays } from '@/shared/kyiv-date.ts';
import { defaultEnvelopeBlocks, type Letter, type Register } from '../client-mail.contract.ts';
import { envelopePages, registerPrintForm, splitAddress } from './client-mail.print.ts';
import { senderCompany } from './client-mail.read.ts';

let t: TestApp;
let cookie: string;
let companyId: number;
const clients: number[] = [];

const api = (method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, payload?: unknown, type?: string) =>
  t.app.inject({
    method,
    url,
    payload: payload as object | undefined,
    headers: { cookie, ...(type ? { 'content-type': type } : {}) },
  });

/** Every page of a PDF with its MediaBox in points. */
function pdfPages(body: Buffer) {
  const text = body.toString('latin1');
  const boxes = [...text.matchAll(/\/Type \/Page\n[^]*?\/MediaBox \[([^\]]+)\]/g)].map((m) =>
    m[1]!.trim().split(/\s+/).map(Number),
  );
  return { count: (text.match(/\/Type \/Page\b(?!s)/g) ?? []).length, boxes, text };
}

let n = 0;
const client = async (fields: Record<string, unknown> = {}) => {
  n += 1;
  const res = await api('POST', '/api/clients', {
    legalForm: 'individual',
    name: `Клієнт ${n}`,
    postalIndex: String(10000 + n * 7).padStart(5, '0'),
    postalAddress: `м. Житомир, вул. Поштова, ${n}`,
    ...fields,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as number;
};

beforeAll(async () => {
  t = await createTestApp();
  const admin = await createUser(t.db, { password: 'mail-pass' });
  await replaceUserRoles(t.db, admin.id, [await adminRoleId(t.db)]);
  cookie = (await signIn(t.app, admin.username, 'mail-pass')).cookie;
  const company = await api('POST', '/api/companies', {
    name: 'Техноприлад',
    fullName: 'ТОВ «Техноприлад»',
    legalForm: 'ТОВ',
    taxId: sampleEdrpou(5151),
    legalAddress: '03150, м. Київ, вул. Промислова, 12',
    postalAddress: 'а/с 15, м. Київ, 03150',
  });
  expect(company.statusCode, company.body).toBe(201);
  companyId = company.json().id;
  for (let i = 0; i < 3; i++) clients.push(await client());
});
afterAll(() => t.close());

const letter = async (fields: Record<string, unknown> = {}) => {
  const res = await api('POST', '/api/client-mail', { counterpartyId: clients[0], subject: 'Лист', ...fields });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Letter;
};
const status = (id: number, body: Record<string, unknown>) => api('POST', `/api/client-mail/${id}/status`, body);
const print = (ids: number[], extra: Record<string, unknown> = {}) =>
  api('POST', '/api/client-mail/print-envelopes', { ids, ...extra });

describe('client mail — done means', () => {
  let letters: Letter[];

  it('creates letters for 3 clients at once with their postal addresses', async () => {
    const res = await api('POST', '/api/client-mail/bulk-create', {
      counterpartyIds: clients,
      subject: 'Прайс-лист 2027',
      kind: 'registered',
      envelopeFormat: 'C5',
    });
    expect(res.statusCode, res.body).toBe(201);
    letters = res.json().created;
    expect(res.json().skipped).toEqual([]);
    expect(letters).toHaveLength(3);
    letters.forEach((l, i) => {
      expect(l).toMatchObject({
        number: expect.stringMatching(/^MAIL-\d{4}-\d{5}$/),
        status: 'draft',
        kind: 'registered',
        envelopeFormat: 'C5',
        subject: 'Прайс-лист 2027',
        companyId,
        counterpartyId: clients[i],
        recipientName: `Клієнт ${i + 1}`,
      });
      expect(l.recipientAddress).toBe(
        `м. Житомир, вул. Поштова, ${i + 1}\n${String(10000 + (i + 1) * 7).padStart(5, '0')}`,
      );
    });
  });

  it('prints 3 C5 envelopes of 229×162 mm carrying the address and our company, and marks them printed', async () => {
    const res = await print(letters.map((l) => l.id));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const { count, boxes, text } = pdfPages(res.rawPayload);
    expect(text.startsWith('%PDF-')).toBe(true);
    expect(text).toContain('DejaVuSans');
    expect(count).toBe(3);
    expect(boxes).toHaveLength(3);
    for (const [x, y, w, h] of boxes) {
      expect([x, y]).toEqual([0, 0]);
      expect(w).toBeCloseTo(mm(229), 1);
      expect(h).toBeCloseTo(mm(162), 1);
    }
    for (const l of letters) {
      const after = (await api('GET', `/api/client-mail/${l.id}`)).json();
      expect(after.status).toBe('printed');
    }
    // What each page carries: the client's postal address and index, our company as the sender.
    const printed = (await api('GET', '/api/client-mail?status=printed&limit=500')).json() as Letter[];
    const pages = await envelopePages(
      t.db,
      letters.map((l) => printed.find((p) => p.id === l.id)!),
    );
    pages.forEach((page, i) => {
      expect(page).toMatchObject({ format: 'C5', widthMm: 229, heightMm: 162, recipientName: `Клієнт ${i + 1}` });
      expect(page.recipientAddress).toEqual([`м. Житомир, вул. Поштова, ${i + 1}`]);
      expect(page.postalIndex).toBe(String(10000 + (i + 1) * 7).padStart(5, '0'));
      expect(page.sender).toEqual(['ТОВ «Техноприлад»', 'а/с 15, м. Київ, 03150']);
      expect(page.blocks).toEqual(defaultEnvelopeBlocks('C5'));
    });
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'mail_items'), eq(auditLog.action, 'status_change')));
    expect(audits.map((a) => a.entityId)).toEqual(expect.arrayContaining(letters.map((l) => String(l.id))));
  });

  it('adds them to a register; sending stamps the date and the letters; the register prints with 3 rows', async () => {
    const created = await api('POST', '/api/client-mail/registers', {
      postalService: 'ukrposhta',
      letterIds: letters.map((l) => l.id),
    });
    expect(created.statusCode, created.body).toBe(201);
    const draft = created.json() as Register;
    expect(draft).toMatchObject({
      number: expect.stringMatching(/^MREG-\d{4}-\d{5}$/),
      status: 'draft',
      sentAt: null,
      itemCount: 3,
      companyId,
      registerDate: kyivToday(),
    });
    const listed = await api('GET', '/api/client-mail?registerId=' + draft.id);
    expect(listed.headers['x-total-count']).toBe('3');

    const sent = await api('POST', `/api/client-mail/registers/${draft.id}/send`);
    expect(sent.statusCode, sent.body).toBe(200);
    const register = sent.json() as Register;
    expect(register.status).toBe('sent');
    expect(register.sentAt).not.toBeNull();
    expect(Math.abs(Date.parse(register.sentAt!) - Date.now())).toBeLessThan(60_000);
    expect(register.items).toHaveLength(3);
    for (const item of register.items) {
      expect(item).toMatchObject({ status: 'sent', sentAt: register.sentAt, registerNumber: register.number });
    }

    const res = await api('GET', `/api/client-mail/registers/${draft.id}/print`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(String(res.headers['content-disposition'])).toContain(
      encodeURIComponent(`Список згрупованих поштових відправлень ${register.number}.pdf`),
    );
    const { boxes } = pdfPages(res.rawPayload);
    expect(boxes[0]![2]).toBeCloseTo(841.89, 1); // A4 landscape
    const form = registerPrintForm(register, await senderCompany(t.db, companyId));
    expect(form.rows).toHaveLength(3);
    expect(form.columns.map((c) => c.header)).toEqual([
      '№',
      'Одержувач',
      'Адреса',
      'Вид відправлення',
      'Трек-номер',
      'Оголошена цінність, грн',
      'Плата за пересилання, грн',
    ]);
    expect(form.rows.map((r) => r[0])).toEqual(['1', '2', '3']);
    expect(form.rows[0]![3]).toBe('Рекомендований');
    expect(form.totals).toContainEqual(['Усього відправлень', '3']);

    // Sent is final for the register and locks its letters.
    const again = await api('POST', `/api/client-mail/registers/${draft.id}/send`);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('Реєстр уже відправлено');
    expect((await api('DELETE', `/api/client-mail/registers/${draft.id}/items/${letters[0]!.id}`)).statusCode).toBe(
      409,
    );
    const edit = await api('PATCH', `/api/client-mail/${letters[0]!.id}`, { notes: 'x' });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().error).toBe('Лист у статусі «Відправлено» змінити не можна');
  });

  it('refuses an invalid tracking number, naming the format, and keeps a valid one in upper case', async () => {
    const l = await letter();
    for (const bad of ['RR12345678UA', 'R1123456789UA', '123456789012', 'ЯЯ123456789UA']) {
      const res = await api('PATCH', `/api/client-mail/${l.id}`, { trackingNumber: bad });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields.trackingNumber).toBe(
        'Трек-номер має 13 символів: дві латинські літери, 9 цифр і дві латинські літери (наприклад, RR123456789UA) або 13 цифр',
      );
    }
    const ok = await api('PATCH', `/api/client-mail/${l.id}`, { trackingNumber: ' rr 123456789 ua ' });
    expect(ok.json().trackingNumber).toBe('RR123456789UA');
    const digits = await api('PATCH', `/api/client-mail/${l.id}`, { trackingNumber: '0500123456789' });
    expect(digits.json().trackingNumber).toBe('0500123456789');
    const onStatus = await status(l.id, { status: 'printed', trackingNumber: 'AB1' });
    expect(onStatus.statusCode).toBe(400);
    expect(onStatus.json().error).toContain('RR123456789UA');
  });
});

describe('client mail — state machine', () => {
  it('goes draft → printed → sent → delivered for a simple letter sent by hand', async () => {
    const l = await letter();
    const skip = await status(l.id, { status: 'sent' });
    expect(skip.statusCode).toBe(409);
    expect(skip.json().error).toBe('Лист у статусі «Чернетка» не можна перевести в статус «Відправлено»');
    expect((await status(l.id, { status: 'printed' })).json().status).toBe('printed');
    const sent = await status(l.id, { status: 'sent', date: addDays(kyivToday(), -3) });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().status).toBe('sent');
    expect(kyivToday(new Date(sent.json().sentAt))).toBe(addDays(kyivToday(), -3));
    const early = await status(l.id, { status: 'delivered', date: addDays(kyivToday(), -5) });
    expect(early.statusCode).toBe(400);
    expect(early.json().error).toBe('Дата не може бути раніше дати відправлення');
    const future = await status(l.id, { status: 'delivered', date: addDays(kyivToday(), 2) });
    expect(future.json().error).toBe('Дата не може бути в майбутньому');
    const delivered = await status(l.id, { status: 'delivered', trackingNumber: '0500123456789' });
    expect(delivered.json()).toMatchObject({ status: 'delivered', trackingNumber: '0500123456789' });
    expect(delivered.json().deliveredAt).not.toBeNull();
    for (const to of ['returned', 'cancelled', 'draft', 'sent']) {
      expect((await status(l.id, { status: to })).statusCode).toBe(409);
    }
  });

  it('sends a registered letter only through a register, and returns a sent one', async () => {
    const l = await letter({ kind: 'registered' });
    await status(l.id, { status: 'printed' });
    const byHand = await status(l.id, { status: 'sent' });
    expect(byHand.statusCode).toBe(409);
    expect(byHand.json().error).toBe('Відправити вручну можна лише простий лист — інші відправляються через реєстр');
    const simple = await letter();
    await print([simple.id]);
    const reg = (await api('POST', '/api/client-mail/registers', { letterIds: [l.id, simple.id] })).json() as Register;
    const inRegister = await status(simple.id, { status: 'sent' });
    expect(inRegister.json().error).toBe(`Лист у реєстрі ${reg.number} — відправте реєстр`);
    expect((await api('POST', `/api/client-mail/registers/${reg.id}/send`)).statusCode).toBe(200);
    const returned = await status(l.id, { status: 'returned' });
    expect(returned.json()).toMatchObject({ status: 'returned' });
    expect(returned.json().returnedAt).not.toBeNull();
  });

  it('cancels from draft or printed only, leaving its draft register; cancelled letters do not print', async () => {
    const a = await letter();
    const b = await letter();
    await print([b.id]);
    const reg = (await api('POST', '/api/client-mail/registers', { letterIds: [b.id] })).json() as Register;
    expect((await status(a.id, { status: 'cancelled' })).json().status).toBe('cancelled');
    const cancelled = await status(b.id, { status: 'cancelled' });
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', registerId: null });
    expect((await api('GET', `/api/client-mail/registers/${reg.id}`)).json().itemCount).toBe(0);
    const empty = await api('POST', `/api/client-mail/registers/${reg.id}/send`);
    expect(empty.json().error).toBe('У реєстрі немає листів');
    const res = await print([a.id]);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(`Скасовані листи не друкуються: ${a.number}`);
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'mail_items'), eq(auditLog.entityId, String(a.id))));
    expect(audits.map((x) => x.action)).toEqual(expect.arrayContaining(['create', 'cancel']));
  });

  it('refuses to send a register whose envelopes are not printed, or to list a letter twice', async () => {
    const a = await letter();
    const b = await letter();
    const reg = (await api('POST', '/api/client-mail/registers', { letterIds: [a.id] })).json() as Register;
    const twice = await api('POST', '/api/client-mail/registers', { letterIds: [a.id] });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error).toBe(`Лист ${a.number} уже в реєстрі ${reg.number}`);
    const added = await api('POST', `/api/client-mail/registers/${reg.id}/items`, { letterIds: [b.id] });
    expect(added.json().itemCount).toBe(2);
    const send = await api('POST', `/api/client-mail/registers/${reg.id}/send`);
    expect(send.statusCode).toBe(409);
    expect(send.json().error).toBe(`Спершу надрукуйте конверти: ${a.number}, ${b.number}`);
    const removed = await api('DELETE', `/api/client-mail/registers/${reg.id}/items/${b.id}`);
    expect(removed.json().itemCount).toBe(1);
    expect((await api('DELETE', `/api/client-mail/registers/${reg.id}`)).statusCode).toBe(204);
    expect((await api('GET', `/api/client-mail/${a.id}`)).json().registerId).toBeNull();
  });
});

describe('client mail — letters and validation', () => {
  it('validates a new letter in Ukrainian', async () => {
    const none = await api('POST', '/api/client-mail', { subject: 'x' });
    expect(none.statusCode).toBe(400);
    expect(none.json().fields.counterpartyId).toBeTruthy();
    const valuable = await api('POST', '/api/client-mail', { counterpartyId: clients[0], kind: 'valuable' });
    expect(valuable.json().fields.declaredValue).toBe(
      'Для цінного листа з описом вкажіть оголошену цінність більше нуля',
    );
    const money = await api('POST', '/api/client-mail', {
      counterpartyId: clients[0],
      kind: 'valuable',
      declaredValue: 100,
    });
    expect(money.statusCode).toBe(400);
    const ok = await api('POST', '/api/client-mail', {
      counterpartyId: clients[0],
      kind: 'valuable',
      declaredValue: '1 500,5',
      postageCost: '42',
    });
    expect(ok.json()).toMatchObject({ declaredValue: '1500.50', postageCost: '42.00' });
    const missing = await api('POST', '/api/client-mail', { counterpartyId: 999999 });
    expect(missing.json().error).toBe('Контрагента не знайдено');
  });

  it('snapshots the legal address when there is no postal one, or refuses when there is none', async () => {
    const legal = await client({
      postalAddress: null,
      postalIndex: '04112',
      legalAddress: 'м. Київ, вул. Дегтярівська, 5',
    });
    expect((await letter({ counterpartyId: legal })).recipientAddress).toBe('м. Київ, вул. Дегтярівська, 5\n04112');
    const nowhere = await client({ postalAddress: null, postalIndex: null });
    const res = await api('POST', '/api/client-mail', { counterpartyId: nowhere });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.recipientAddress).toBe(
      'У контрагента немає поштової чи юридичної адреси — вкажіть адресу одержувача',
    );
    const typed = await letter({ counterpartyId: nowhere, recipientAddress: 'м. Львів, пл. Ринок, 1\n79008' });
    expect(typed.recipientAddress).toBe('м. Львів, пл. Ринок, 1\n79008');
    // Bulk creation skips such a client and names it.
    const bulk = await api('POST', '/api/client-mail/bulk-create', {
      counterpartyIds: [clients[1], nowhere],
      subject: 'Вітання',
    });
    expect(bulk.json().created).toHaveLength(1);
    expect(bulk.json().skipped).toEqual([
      { counterpartyId: nowhere, name: expect.any(String), reason: expect.stringContaining('немає поштової') },
    ]);
  });

  it("takes the contact's name with the firm's, and refuses another firm's contact", async () => {
    const firm = await client({
      legalForm: 'legal_entity',
      name: 'Альфа',
      fullName: 'ТОВ «Альфа»',
      taxId: sampleEdrpou(7301),
    });
    const contact = await api('POST', '/api/client-contacts', { counterpartyId: firm, fullName: 'Мельник Іван' });
    expect(contact.statusCode, contact.body).toBe(201);
    const preview = (await api('GET', `/api/client-mail/recipients/${firm}`)).json();
    expect(preview).toMatchObject({ recipientName: 'ТОВ «Альфа»', contacts: [{ fullName: 'Мельник Іван' }] });
    const l = await letter({ counterpartyId: firm, contactId: contact.json().id });
    expect(l).toMatchObject({ recipientName: 'ТОВ «Альфа», Мельник Іван', contactName: 'Мельник Іван' });
    const other = await api('POST', '/api/client-mail', { counterpartyId: clients[0], contactId: contact.json().id });
    expect(other.json().fields.contactId).toBe('Контактна особа не належить обраному контрагенту');
  });

  it('edits the recipient only in draft, detects a stale edit, deletes only a draft', async () => {
    const l = await letter();
    const moved = await api('PATCH', `/api/client-mail/${l.id}`, {
      counterpartyId: clients[2],
      updatedAt: l.updatedAt,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ counterpartyId: clients[2], recipientName: 'Клієнт 3' });
    const stale = await api('PATCH', `/api/client-mail/${l.id}`, { subject: 'Інше', updatedAt: l.updatedAt });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error).toBe('Лист змінено іншим користувачем — оновіть сторінку');
    await status(l.id, { status: 'printed' });
    const locked = await api('PATCH', `/api/client-mail/${l.id}`, { recipientName: 'Інший' });
    expect(locked.json().error).toBe('Одержувача, адресу й зміст можна змінити лише в чернетці');
    const postage = await api('PATCH', `/api/client-mail/${l.id}`, { postageCost: '18,5' });
    expect(postage.json().postageCost).toBe('18.50');
    expect((await api('DELETE', `/api/client-mail/${l.id}`)).json().error).toBe('Видалити можна лише чернетку');
    const draft = await letter();
    expect((await api('DELETE', `/api/client-mail/${draft.id}`)).statusCode).toBe(204);
    expect((await api('GET', `/api/client-mail/${draft.id}`)).statusCode).toBe(404);
  });

  it('creates letters for every active client matching a filter', async () => {
    await client({ name: 'Фільтр Перший' });
    await client({ name: 'Фільтр Другий' });
    await client({ name: 'Фільтр Неактивний', isActive: false });
    const res = await api('POST', '/api/client-mail/bulk-create', {
      filter: { legalForm: 'individual', search: 'Фільтр' },
      subject: 'Новорічне привітання',
      kind: 'simple',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(
      res
        .json()
        .created.map((l: Letter) => l.recipientName)
        .sort(),
    ).toEqual(['Фільтр Другий', 'Фільтр Перший']);
    const nothing = await api('POST', '/api/client-mail/bulk-create', { subject: 'x' });
    expect(nothing.json().fields.counterpartyIds).toBe('Оберіть хоча б одного клієнта або вкажіть умову відбору');
    const nobody = await api('POST', '/api/client-mail/bulk-create', {
      filter: { search: 'Немає такого' },
      subject: 'x',
    });
    expect(nobody.json().error).toBe('Жоден активний клієнт не відповідає умові відбору');
  });

  it('lists with search, filters, sorting and the total', async () => {
    const l = await letter({ subject: 'Унікальна тема 42' });
    const found = await api('GET', '/api/client-mail?search=' + encodeURIComponent('тема 42'));
    expect(found.json().map((x: Letter) => x.id)).toEqual([l.id]);
    const drafts = await api('GET', '/api/client-mail?status=draft&kind=simple&sort=number&limit=2&page=1');
    expect(drafts.json()).toHaveLength(2);
    expect(Number(drafts.headers['x-total-count'])).toBeGreaterThan(2);
    const numbers = drafts.json().map((x: Letter) => x.number);
    expect([...numbers].sort()).toEqual(numbers);
    expect((await api('GET', '/api/client-mail?status=lost')).statusCode).toBe(400);
    const registers = await api('GET', '/api/client-mail/registers?status=sent');
    expect(registers.json().length).toBeGreaterThan(0);
    expect(registers.json()[0]).toMatchObject({ status: 'sent', itemCount: expect.any(Number) });
  });

  it('prints the letter text as an A4 page when asked', async () => {
    const l = await letter({ body: 'Шановний клієнте! Повідомляємо про зміну реквізитів.', envelopeFormat: 'DL' });
    const both = await print([l.id], { withLetters: true });
    const { boxes } = pdfPages(both.rawPayload);
    expect(boxes).toHaveLength(2);
    expect(boxes[0]![2]).toBeCloseTo(mm(220), 1);
    expect(boxes[0]![3]).toBeCloseTo(mm(110), 1);
    expect(boxes[1]![2]).toBeCloseTo(595.28, 1);
    const alone = await api('GET', `/api/client-mail/${l.id}/print/letter`);
    expect(alone.statusCode).toBe(200);
    expect(pdfPages(alone.rawPayload).count).toBe(1);
  });

  it('splits the index off the address', () => {
    expect(splitAddress('м. Київ, вул. Хрещатик, 1\n01001')).toEqual({
      lines: ['м. Київ, вул. Хрещатик, 1'],
      postalIndex: '01001',
    });
    expect(splitAddress('01001, м. Київ')).toEqual({ lines: ['01001, м. Київ'], postalIndex: null });
  });
});

describe('client mail — envelope templates', () => {
  it('answers the built-in layout of each format until one is saved', async () => {
    const res = await api('GET', '/api/client-mail/envelope-templates');
    expect(res.statusCode).toBe(200);
    expect(res.json().map((x: { format: string }) => x.format)).toEqual(['DL', 'C6', 'C5', 'C4']);
    expect(res.json()[2]).toMatchObject({
      companyId,
      widthMm: 229,
      heightMm: 162,
      stored: false,
      isDefault: false,
      blocks: defaultEnvelopeBlocks('C5'),
      hasLogo: false,
    });
  });

  it('refuses a block outside the envelope and saves a valid one, which printing then uses', async () => {
    const blocks = defaultEnvelopeBlocks('C6');
    const outside = await api('PUT', '/api/client-mail/envelope-templates', {
      format: 'C6',
      blocks: { ...blocks, recipient: { ...blocks.recipient, xMm: 100, widthMm: 80 } },
    });
    expect(outside.statusCode).toBe(400);
    expect(outside.json().fields['blocks.recipient.widthMm']).toBe('Блок виходить за межі конверта C6');
    const font = await api('PUT', '/api/client-mail/envelope-templates', {
      format: 'C6',
      blocks: { ...blocks, sender: { ...blocks.sender, fontSize: 50 } },
    });
    expect(font.json().fields['blocks.sender.fontSize']).toBe('Розмір шрифту — від 6 до 36 пт');

    const mine = { ...blocks, recipient: { ...blocks.recipient, xMm: 70, yMm: 60, widthMm: 80, fontSize: 12 } };
    const saved = await api('PUT', '/api/client-mail/envelope-templates', {
      companyId,
      format: 'C6',
      blocks: mine,
      advertisingText: 'Техноприлад — прилади на замовлення',
      isDefault: true,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ format: 'C6', stored: true, isDefault: true, blocks: mine });
    // The company's usual format: new letters take it.
    const l = await letter();
    expect(l.envelopeFormat).toBe('C6');
    const [page] = await envelopePages(t.db, [l]);
    expect(page!.blocks).toEqual(mine);
    expect(page!.advertisingText).toBe('Техноприлад — прилади на замовлення');
    // Another default format replaces it.
    await api('PUT', '/api/client-mail/envelope-templates', {
      format: 'DL',
      blocks: defaultEnvelopeBlocks('DL'),
      isDefault: true,
    });
    const all = (await api('GET', `/api/client-mail/envelope-templates?companyId=${companyId}`)).json();
    expect(all.filter((x: { isDefault: boolean }) => x.isDefault).map((x: { format: string }) => x.format)).toEqual([
      'DL',
    ]);
    const audits = await t.db.select().from(auditLog).where(eq(auditLog.entityType, 'envelope_templates'));
    expect(audits.map((a) => a.action)).toEqual(['create', 'create']);
  });

  it("puts the company's logo on the envelope", async () => {
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    );
    expect((await api('PUT', `/api/companies/${companyId}/logo`, png, 'image/png')).statusCode).toBe(200);
    const l = await letter();
    const res = await print([l.id]);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.toString('latin1')).toContain('/Subtype /Image');
    expect((await api('GET', '/api/client-mail/envelope-templates')).json()[0].hasLogo).toBe(true);
  });
});

describe('client mail — permissions', () => {
  it('refuses a user without rights on /client-mail', async () => {
    const user = await createUser(t.db, { password: 'nobody-pass' });
    const other = (await signIn(t.app, user.username, 'nobody-pass')).cookie;
    const res = await t.app.inject({ method: 'GET', url: '/api/client-mail', headers: { cookie: other } });
    expect(res.statusCode).toBe(403);
    const post = await t.app.inject({
      method: 'POST',
      url: '/api/client-mail/print-envelopes',
      payload: { ids: [1] },
      headers: { cookie: other },
    });
    expect(post.statusCode).toBe(403);
  });
});
