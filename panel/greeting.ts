import { useEffect, useState } from 'react';
import { PANEL_MESSAGES } from './messages';

/**
 * The home greeting by hour (panel.md §4): 'Good Morning' for hours 4 to 7, 'Hey' otherwise.
 * The original also had a night branch whose condition could never be true; keeping the
 * spec's behaviour means exactly these two outcomes.
 */
export function greeting(hour: number): string {
  return hour >= 4 && hour <= 7 ? PANEL_MESSAGES.goodMorning : PANEL_MESSAGES.hey;
}

export const GREETING_REFRESH_MS = 60 * 60 * 1000;

/** The greeting for the current hour, recomputed every hour. */
export function useGreeting(): string {
  const [text, setText] = useState(() => greeting(new Date().getHours()));
  useEffect(() => {
    const timer = setInterval(() => setText(greeting(new Date().getHours())), GREETING_REFRESH_MS);
    return () => clearInterval(timer);
  }, []);
  return text;
}
