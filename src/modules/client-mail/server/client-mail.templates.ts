// The envelope templates of client mail (sales.md §5): the layout of each format per company, the built-in one until
// a company saves its own, and what the preview prints in the sender block.
import { and, eq, sql } from 'drizzle-orm';
import type { z } from '@/shared/zod-uk.ts';
import type { DbOrTx } from '@/server/kernel/db.ts';
import { audit, type AuditContext } from '@/modules/system-logs/server/index.ts';
import { companyLogos } from '@/resources/companies/companies.table.ts';
import {
  defaultEnvelopeBlocks,
  envelopeFormats,
  envelopeSizes,
  type EnvelopeBlocks,
  type EnvelopeFormat,
  type EnvelopeTemplate,
  type envelopeTemplatePutSchema,
} from '../client-mail.contract.ts';
import { envelopeTemplates } from './client-mail.table.ts';

import { senderCompany, type SenderCompany } from './client-mail.read.ts';

// ---- envelope templates --------------------------------------------------------------------------------------

async function hasLogo(db: DbOrTx, companyId: number) {
  const [row] = await db
    .select({ id: companyLogos.companyId })
    .from(companyLogos)
    .where(eq(companyLogos.companyId, companyId));
  return Boolean(row);
}

export const senderLines = (c: SenderCompany) =>
  [c.fullName || c.name, (c.postalAddress?.trim() || c.legalAddress).trim(), c.phone ? `тел. ${c.phone}` : null].filter(
    (line): line is string => Boolean(line),
  );

/** The layout of each format for a company: the stored one, else the built-in default. */
export async function envelopeTemplatesOf(db: DbOrTx, companyId: number | undefined): Promise<EnvelopeTemplate[]> {
  const company = await senderCompany(db, companyId);
  const stored = await db.select().from(envelopeTemplates).where(eq(envelopeTemplates.companyId, company.id));
  const logo = await hasLogo(db, company.id);
  const senderPreview = senderLines(company).join('\n');
  return envelopeFormats.map((format) => {
    const own = stored.find((t) => t.format === format);
    return {
      companyId: company.id,
      companyName: company.name,
      format,
      ...envelopeSizes[format],
      blocks: (own?.blocks as EnvelopeBlocks | undefined) ?? defaultEnvelopeBlocks(format),
      advertisingText: own?.advertisingText ?? null,
      isDefault: own?.isDefault ?? false,
      stored: Boolean(own),
      senderPreview,
      hasLogo: logo,
    };
  });
}

/** The layout of one format, for printing. */
export async function envelopeLayout(db: DbOrTx, companyId: number, format: EnvelopeFormat) {
  const [own] = await db
    .select()
    .from(envelopeTemplates)
    .where(and(eq(envelopeTemplates.companyId, companyId), eq(envelopeTemplates.format, format)));
  return {
    blocks: (own?.blocks as EnvelopeBlocks | undefined) ?? defaultEnvelopeBlocks(format),
    advertisingText: own?.advertisingText ?? null,
  };
}

export async function saveEnvelopeTemplate(
  db: DbOrTx,
  ctx: AuditContext,
  input: z.output<typeof envelopeTemplatePutSchema>,
): Promise<EnvelopeTemplate> {
  return db.transaction(async (tx) => {
    const company = await senderCompany(tx, input.companyId);
    const [before] = await tx
      .select()
      .from(envelopeTemplates)
      .where(and(eq(envelopeTemplates.companyId, company.id), eq(envelopeTemplates.format, input.format)))
      .for('update');
    if (input.isDefault) {
      await tx
        .update(envelopeTemplates)
        .set({ isDefault: false, updatedAt: sql`now()` })
        .where(and(eq(envelopeTemplates.companyId, company.id), eq(envelopeTemplates.isDefault, true)));
    }
    const values = {
      blocks: input.blocks,
      advertisingText: input.advertisingText ?? null,
      isDefault: input.isDefault,
    };
    const [after] = await tx
      .insert(envelopeTemplates)
      .values({ companyId: company.id, format: input.format, ...values })
      .onConflictDoUpdate({
        target: [envelopeTemplates.companyId, envelopeTemplates.format],
        set: { ...values, updatedAt: sql`now()` },
      })
      .returning();
    await audit(tx, ctx, {
      action: before ? 'update' : 'create',
      entityType: 'envelope_templates',
      entityId: after!.id,
      before,
      after,
    });
    return (await envelopeTemplatesOf(tx, company.id)).find((t) => t.format === input.format)!;
  });
}
