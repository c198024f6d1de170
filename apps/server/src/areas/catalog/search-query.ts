import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client';
import { analysisIntent, bookingIntent, cutRun, foldText, queryWords, textRuns, weakWords } from './search-words';

/**
 * A query as the search reads it: concepts, each one thing the researcher asked for, with its
 * alternatives (a synonym group's terms, each a list of words that must all be present).
 */
export interface Concept {
  /** the folded text the query held */
  text: string;
  /** each alternative: its folded text and its words */
  alternatives: { text: string; words: string[] }[];
  /** weighs little and excludes nothing (测试, 分析, 仪 …) */
  weak: boolean;
}

export type Intent = 'test' | 'analysis' | 'booking';

export interface SearchQuery {
  /** the folded query, spaces collapsed, at most 100 characters: what a miss is counted under */
  folded: string;
  concepts: Concept[];
  intent: Intent;
}

/** The search reads the first 100 characters of a query and at most 8 concepts. */
const QUERY_CHARS = 100;
const CONCEPTS_MAX = 8;

const isLatin = (c: string | undefined) => c !== undefined && /[a-z0-9]/.test(c);

/**
 * The synonym groups any of whose terms occurs in the folded query: read from the database on
 * every search (a small table), so a staff change is seen at once by every instance.
 */
async function groupsIn(db: DbOrTx, folded: string): Promise<string[][]> {
  const rows = await queryRows<{ terms: string[] }>(
    db,
    sql`select terms from search_synonyms where exists (select 1 from unnest(terms) t where strpos(${folded}, t) > 0) order by id limit 50`,
  );
  return rows.map((row) => row.terms);
}

/** Where synonym terms stand in the query: the longest term at each place, Latin terms only as whole runs. */
function carve(folded: string, groups: string[][]): { start: number; end: number; group: string[] }[] {
  const terms = groups.flatMap((group) => group.map((term) => ({ term, group }))).sort((a, b) => b.term.length - a.term.length);
  const taken: { start: number; end: number; group: string[] }[] = [];
  const free = (start: number, end: number) => taken.every((t) => end <= t.start || start >= t.end);
  for (const { term, group } of terms) {
    for (let at = folded.indexOf(term); at >= 0; at = folded.indexOf(term, at + 1)) {
      const end = at + term.length;
      // sem inside "semiconductor" is no sem
      if ((isLatin(term[0]) && isLatin(folded[at - 1])) || (isLatin(term.at(-1)) && isLatin(folded[end]))) continue;
      if (free(at, end)) taken.push({ start: at, end, group });
    }
  }
  return taken.sort((a, b) => a.start - b.start);
}

function plainConcepts(text: string): Concept[] {
  return textRuns(text).flatMap((run) =>
    (run.latin ? [run.text] : cutRun(run.text)).map((word) => ({
      text: word,
      alternatives: [{ text: word, words: [word] }],
      // a lone Latin letter next to Chinese (the x of x射线) says little
      weak: weakWords.has(word) || (run.latin && word.length === 1 && !/[0-9]/.test(word)),
    })),
  );
}

/** Reads a keyword: folds it, finds its synonym groups, cuts the rest into words. */
export async function readQuery(db: DbOrTx, keyword: string | undefined): Promise<SearchQuery> {
  const folded = foldText(keyword ?? '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, QUERY_CHARS);
  const hasWords = textRuns(folded).length > 0;
  const groups = hasWords ? await groupsIn(db, folded) : [];
  const concepts: Concept[] = [];
  let at = 0;
  for (const place of carve(folded, groups)) {
    concepts.push(...plainConcepts(folded.slice(at, place.start)));
    const text = folded.slice(place.start, place.end);
    concepts.push({ text, alternatives: place.group.map((term) => ({ text: term, words: queryWords(term) })).filter((a) => a.words.length > 0), weak: weakWords.has(text) });
    at = place.end;
  }
  concepts.push(...plainConcepts(folded.slice(at)));
  // the same thing asked twice counts once
  const unique = [...new Map(concepts.filter((c) => c.alternatives.length > 0).map((c) => [c.alternatives.map((a) => a.text).sort().join('|'), c])).values()].slice(0, CONCEPTS_MAX);
  // a query of weak words only (测试) asks for them
  if (unique.every((c) => c.weak)) for (const c of unique) c.weak = false;
  const said = new Set(unique.map((c) => c.text));
  const intent: Intent = [...said].some((w) => bookingIntent.has(w)) ? 'booking' : [...said].some((w) => analysisIntent.has(w)) ? 'analysis' : 'test';
  return { folded, concepts: unique, intent };
}

/** The words to highlight: every alternative's text and words, longest first. */
export function highlightWords(query: SearchQuery): string[] {
  const words = new Set<string>();
  for (const concept of query.concepts) {
    for (const alt of concept.alternatives) {
      words.add(alt.text);
      // a lone character (the x of x射线) would mark every x
      for (const w of alt.words) if ([...w].length > 1) words.add(w);
    }
  }
  return [...words].filter((w) => w.trim()).sort((a, b) => b.length - a.length);
}
