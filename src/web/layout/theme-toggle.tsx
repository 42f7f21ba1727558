// Light/dark switch (spec §4), saved locally by src/web/lib/theme.ts.
import { MoonIcon, SunIcon } from 'lucide-react';
import { Button } from '@/web/components/ui/button.tsx';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/web/components/ui/tooltip.tsx';
import { useTheme } from '@/web/lib/theme.ts';
import { layoutMessages } from './layout.messages.ts';

export function ThemeToggle() {
  const { theme, toggleTheme } = useTheme();
  const label = theme === 'dark' ? layoutMessages.themeToLight : layoutMessages.themeToDark;
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <Button variant="ghost" size="icon" className="size-9" onClick={toggleTheme} aria-label={label}>
          {theme === 'dark' ? <SunIcon aria-hidden="true" /> : <MoonIcon aria-hidden="true" />}
        </Button>
      </TooltipTrigger>
      <TooltipContent>{label}</TooltipContent>
    </Tooltip>
  );
}
