// 'Експорт' → CSV / Excel: plain download links of the rows matching the list's current filters. The server names the
// file (Content-Disposition) and the session cookie authenticates, so a link is all a format needs.
import type { ReactNode } from 'react';
import { ChevronDownIcon, DownloadIcon, FileSpreadsheetIcon, FileTextIcon } from 'lucide-react';
import { Button } from '@/web/components/ui/button.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/web/components/ui/dropdown-menu.tsx';
import { uiMessages } from '@/web/lib/ui.messages.ts';

export type ExportFormat = 'csv' | 'xlsx';

const m = uiMessages.exportMenu;
const formats: { format: ExportFormat; label: string; icon: ReactNode }[] = [
  { format: 'xlsx', label: m.xlsx, icon: <FileSpreadsheetIcon aria-hidden="true" /> },
  { format: 'csv', label: m.csv, icon: <FileTextIcon aria-hidden="true" /> },
];

export function ExportMenu({ urlOf }: { urlOf: (format: ExportFormat) => string }) {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline">
          <DownloadIcon aria-hidden="true" />
          {m.export}
          <ChevronDownIcon className="opacity-60" aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        {formats.map(({ format, label, icon }) => (
          <DropdownMenuItem key={format} asChild>
            <a href={urlOf(format)} download>
              {icon}
              {label}
            </a>
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
