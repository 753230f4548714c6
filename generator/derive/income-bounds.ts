import type { Scaglione } from '../../data-sources/mef-irpef-comunale.ts';

export type MeanBounds = { minimo: number; massimo: number } | { motivo: string };

/**
 * Bounds on the mean reddito complessivo of a comune whose total is not published and
 * whose brackets are partly suppressed (MEF blanks a bracket's count and amount together).
 *
 * Nothing is imputed: the h taxpayers of the suppressed brackets each have an income
 * between the lowest lower bound and the highest upper bound of those brackets (lo, hi),
 * and h itself is known exactly when the count with reddito complessivo N is published
 * (h = N − published counts), otherwise only 0 ≤ h ≤ contribuenti − published counts
 * (not every taxpayer has reddito complessivo). The mean (P + X) / (Np + h), with
 * X between h·lo and h·hi, is monotone in h, so its extremes are at the ends of h's range.
 * An open bracket (≤ 0, over 120.000) has no bound on one side: then there are no bounds.
 */
export function meanIncomeBounds(
  scaglioni: readonly Scaglione[],
  contribuenti: number | null,
  totalCount: number | null,
): MeanBounds {
  const hidden = scaglioni.filter((s) => s.frequenza === null || s.ammontare === null);
  if (hidden.length === 0) return { motivo: 'Nessuno scaglione oscurato.' };
  if (hidden.some((s) => s.da === null || s.a === null)) {
    return {
      motivo:
        'È oscurato uno scaglione aperto (≤ 0 o oltre 120.000 euro): il suo reddito non ha un limite, quindi nemmeno il medio.',
    };
  }
  // MEF blanks count and amount together; a half-blank bracket is not a case this reasoning covers.
  if (hidden.some((s) => s.frequenza !== null || s.ammontare !== null))
    return { motivo: "Uno scaglione ha solo la frequenza o solo l'ammontare oscurato: limiti non calcolati." };
  const shown = scaglioni.filter((s) => !hidden.includes(s));
  const count = shown.reduce((t, s) => t + s.frequenza!, 0);
  const amount = shown.reduce((t, s) => t + s.ammontare!, 0);
  const ceiling = totalCount ?? contribuenti;
  if (ceiling === null || ceiling < count)
    return { motivo: 'Contribuenti non noti o inferiori alla somma degli scaglioni pubblicati.' };
  const hMin = totalCount === null ? 0 : totalCount - count;
  const hMax = ceiling - count;
  const lo = Math.min(...hidden.map((s) => s.da!));
  const hi = Math.max(...hidden.map((s) => s.a!));
  const mean = (h: number, perHead: number) => (count + h === 0 ? null : (amount + h * perHead) / (count + h));
  const lows = [mean(hMin, lo), mean(hMax, lo)].filter((v): v is number => v !== null);
  const highs = [mean(hMin, hi), mean(hMax, hi)].filter((v): v is number => v !== null);
  if (lows.length === 0) return { motivo: 'Nessun contribuente con reddito complessivo.' };
  // Rounded outwards, so the rounded interval still contains the true mean.
  return { minimo: Math.floor(Math.min(...lows)), massimo: Math.ceil(Math.max(...highs)) };
}
