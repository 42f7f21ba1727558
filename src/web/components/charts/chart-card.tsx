// A chart in a card with its heading, spanning 1–3 columns of a chart grid (`grid xl:grid-cols-3`).
import type { ReactNode } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '@/web/components/ui/card.tsx';

export function ChartCard({ title, children, span = 1 }: { title: string; children: ReactNode; span?: 1 | 2 | 3 }) {
  const spans = { 1: '', 2: 'xl:col-span-2', 3: 'xl:col-span-3' };
  return (
    <Card className={`min-w-0 gap-3 py-4 ${spans[span]}`}>
      <CardHeader className="px-4">
        <CardTitle>
          <h2 className="text-base font-semibold">{title}</h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="min-w-0 px-2 sm:px-4">{children}</CardContent>
    </Card>
  );
}
