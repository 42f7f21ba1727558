// The stock module's side of the serial-numbers module's SerialWriteOffs port: 'Списати' on a serial becomes an
// adjustment of −1 ('damage') on the stock page that keeps the item, created and posted at once. The composition root
// (src/server/app.ts) connects it; the serial-numbers module never imports the stock adjustments.
import type { SerialWriteOffs } from '@/modules/serial-numbers/server/index.ts';
import { mountOfKind } from './adjustments.read.ts';
import { createAdjustment } from './adjustments.write.ts';

export const adjustmentsForSerials: SerialWriteOffs = {
  async writeOff(tx, ctx, w) {
    const adjustment = await createAdjustment(
      tx,
      ctx,
      mountOfKind(w.itemKind),
      {
        warehouseId: w.warehouseId,
        reason: 'damage',
        comment: w.comment,
        lines: [{ itemId: w.itemId, deltaQty: '-1', notes: w.lineNote, serials: [w.serial] }],
        post: true,
      },
      { serialNote: w.serialNote },
    );
    return { id: adjustment.id, number: adjustment.number };
  },
};
