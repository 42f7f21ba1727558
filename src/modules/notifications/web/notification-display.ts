// How a notification looks: labels, colours, icons and the date (spec §2, §3).
import { format } from 'date-fns';
import { uk } from 'date-fns/locale';
import {
  CircleCheckIcon,
  CircleXIcon,
  CreditCardIcon,
  InfoIcon,
  SettingsIcon,
  TriangleAlertIcon,
  type LucideIcon,
} from 'lucide-react';
import type { Notification } from '../notifications.contract.ts';
import { notificationsPageMessages as messages } from './notifications.messages.ts';

export type PriorityTone = 'high' | 'medium' | 'low' | 'neutral';

/** Spec §3: the priority helper styles high, medium and low; anything else is neutral. */
export function priorityTone(priority: string): PriorityTone {
  return priority === 'high' || priority === 'medium' || priority === 'low' ? priority : 'neutral';
}

export const priorityToneClasses: Record<PriorityTone, string> = {
  high: 'border-red-500/30 bg-red-500/10 text-red-700 dark:border-red-400/30 dark:bg-red-400/15 dark:text-red-300',
  medium:
    'border-amber-500/30 bg-amber-500/10 text-amber-800 dark:border-amber-400/30 dark:bg-amber-400/15 dark:text-amber-200',
  low: 'border-emerald-500/30 bg-emerald-500/10 text-emerald-700 dark:border-emerald-400/30 dark:bg-emerald-400/15 dark:text-emerald-300',
  neutral: 'border-border bg-muted text-foreground',
};

export function priorityLabel(priority: string): string {
  return (messages.priorities as Record<string, string>)[priority] ?? priority;
}

export function typeLabel(type: string): string {
  return (messages.types as Record<string, string>)[type] ?? type;
}

interface TypeLook {
  icon: LucideIcon;
  /** The icon's tile. */
  tile: string;
}

const typeLooks: Record<Notification['type'], TypeLook> = {
  info: { icon: InfoIcon, tile: 'bg-sky-500/10 text-sky-700 dark:bg-sky-400/15 dark:text-sky-300' },
  warning: { icon: TriangleAlertIcon, tile: 'bg-amber-500/10 text-amber-700 dark:bg-amber-400/15 dark:text-amber-300' },
  error: { icon: CircleXIcon, tile: 'bg-red-500/10 text-red-700 dark:bg-red-400/15 dark:text-red-300' },
  success: {
    icon: CircleCheckIcon,
    tile: 'bg-emerald-500/10 text-emerald-700 dark:bg-emerald-400/15 dark:text-emerald-300',
  },
  payment: {
    icon: CreditCardIcon,
    tile: 'bg-violet-500/10 text-violet-700 dark:bg-violet-400/15 dark:text-violet-300',
  },
  system: { icon: SettingsIcon, tile: 'bg-slate-500/10 text-slate-700 dark:bg-slate-400/15 dark:text-slate-300' },
};

export function typeLook(type: string): TypeLook {
  return (typeLooks as Record<string, TypeLook>)[type] ?? typeLooks.info;
}

/** Spec §2: 'dd MMM yyyy, HH:mm' in Ukrainian. */
export function formatNotificationDate(createdAt: string): string {
  const date = new Date(createdAt);
  return Number.isNaN(date.getTime()) ? createdAt : format(date, 'dd MMM yyyy, HH:mm', { locale: uk });
}
