import { FactoryIcon } from 'lucide-react';
import { cn } from '@/web/lib/utils.ts';

/** The product mark: a factory on the primary colour. */
export function AppLogo({ className }: { className?: string }) {
  return (
    <span
      className={cn(
        'flex size-8 shrink-0 items-center justify-center rounded-lg bg-primary text-primary-foreground shadow-sm',
        className,
      )}
    >
      <FactoryIcon className="size-4.5" aria-hidden="true" />
    </span>
  );
}
