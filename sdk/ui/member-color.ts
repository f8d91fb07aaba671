/** A member's colour (avatar, cursor), the same on every screen for the same key; white text on each meets AA (≥ 4.5:1). */
const COLORS = ['#1565c0', '#6a1b9a', '#c62828', '#2e7d32', '#bf360c', '#00695c', '#283593', '#ad1457'];

export function memberColor(uid: string): string {
  let h = 0;
  for (const ch of uid) h = (h * 31 + ch.charCodeAt(0)) | 0;
  return COLORS[Math.abs(h) % COLORS.length]!;
}
