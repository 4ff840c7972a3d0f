/**
 * "Did you mean …?" for names found in data files (JSON Schema keywords, widget names): the
 * candidate nearest to a misspelt name by edit distance (Levenshtein), ignoring case.
 */

/** Edit distance between `a` and `b`: insertions, deletions and substitutions of one character each. */
function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i += 1) {
    let previous = row[0] ?? 0;
    row[0] = i;
    for (let j = 1; j <= b.length; j += 1) {
      const current = row[j] ?? 0;
      row[j] = Math.min(current + 1, (row[j - 1] ?? 0) + 1, previous + (a[i - 1] === b[j - 1] ? 0 : 1));
      previous = current;
    }
  }
  return row[b.length] ?? 0;
}

/**
 * The candidate closest to `name` (case ignored) when it is within a quarter of the name's length
 * (at least one edit), else undefined. Ties go to the first candidate.
 */
export function closestName(name: string, candidates: Iterable<string>): string | undefined {
  const wanted = name.toLowerCase();
  const limit = Math.max(1, Math.floor(name.length / 4));
  let best: { candidate: string; cost: number } | undefined;
  for (const candidate of candidates) {
    const cost = distance(wanted, candidate.toLowerCase());
    if (cost <= limit && (!best || cost < best.cost)) best = { candidate, cost };
  }
  return best?.candidate;
}
