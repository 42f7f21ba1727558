// The tables of an operation's figures — the card's time and cost (tech-card-cost.tsx), a recipe's operations for a
// batch (the recipes module's preview): the scrolling frame with its named table, and an operation's first cells —
// its number, its name over department · position · a mark, its minutes.
import type { ReactNode } from 'react';
import { Table, TableBody, TableCell, TableFooter, TableHeader, TableRow } from '@/web/components/ui/table.tsx';
import { formatQty } from '@/web/lib/document-format.ts';

/** A table of figures that scrolls sideways on a narrow screen; `head`: its header cells, `footer`: its total's. */
export function FigureTable({
  label,
  className,
  head,
  footer,
  children,
}: {
  label: string;
  className: string;
  head: ReactNode;
  footer?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="min-w-0 overflow-x-auto rounded-lg border">
      <Table className={className} aria-label={label}>
        <TableHeader>
          <TableRow className="hover:bg-transparent">{head}</TableRow>
        </TableHeader>
        <TableBody>{children}</TableBody>
        {footer ? (
          <TableFooter>
            <TableRow>{footer}</TableRow>
          </TableFooter>
        ) : null}
      </Table>
    </div>
  );
}

/** An operation's number, its name over department · position · `mark` ('паралельно', 'з базової'), its minutes. */
export function OperationCells({
  op,
  mark,
}: {
  op: { seq: number; name: string; departmentName: string | null; positionName: string | null; minutes: string };
  mark: string | null;
}) {
  return (
    <>
      <TableCell className="font-mono tabular-nums">{op.seq}</TableCell>
      <TableCell>
        <span className="block">{op.name}</span>
        <span className="block text-xs text-muted-foreground">
          {[op.departmentName, op.positionName, mark].filter(Boolean).join(' · ')}
        </span>
      </TableCell>
      <TableCell className="text-right tabular-nums">{formatQty(op.minutes)}</TableCell>
    </>
  );
}
