/**
 * Refuses hate speech and slurs in submitted text (spec section 8, CONTENT_REJECTED, with
 * SUBMISSION_MESSAGES.contentRejected of @tessera/facts/submissions), by the list in
 * `moderation-list.ts`. Pure.
 *
 * The text is normalised before it is compared: Unicode compatibility forms and diacritics removed
 * ("Ñ" -> "n", full-width letters -> ASCII), lower case, common leetspeak read as letters (0 o, 1 i
 * or l, 3 e, 4 @ a, 5 $ s, 7 + t, 8 b, 6 9 g, and "!" or "|" inside a word as i), and then split into words on anything that is
 * not a letter. An entry matches whole words only: each of its words must be a whole word of the
 * text, in order, where a letter of the entry may be repeated ("niiigger") and the last word may
 * take a plural ending (s, es, z). Words spelt letter by letter with separators ("n.i.g.g.e.r",
 * "k i k e") are joined first, and a phrase also matches written as one word ("heilhitler").
 * An innocent word that contains an entry ("snigger", "Scunthorpe", "raccoon", "Niger") is not a
 * match, because the comparison is on whole words.
 */
import { MODERATION_LIST } from './moderation-list.js';

const LEET_COMMON: Record<string, string> = {
  '0': 'o',
  '3': 'e',
  '4': 'a',
  '@': 'a',
  '5': 's',
  $: 's',
  '7': 't',
  '+': 't',
  '8': 'b',
  '6': 'g',
  '9': 'g',
};

/** The text's words after normalisation, once reading "1" and "|" as "i" and once as "l". */
export function normalisedWordLists(text: string): string[][] {
  const base = text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
  return ['i', 'l'].map((one) => {
    let mapped = '';
    const chars = [...base];
    chars.forEach((ch, i) => {
      // "!" and "|" stand for a letter only inside a word ("n!gga"), not as punctuation ("hitler!!")
      const inWord = /[a-z0-9]/.test(chars[i + 1] ?? '');
      if (ch === '1' || (ch === '|' && inWord)) mapped += one;
      else if (ch === '!' && inWord) mapped += 'i';
      else mapped += LEET_COMMON[ch] ?? ch;
    });
    return joinSpelledOut(mapped.split(/[^a-z]+/).filter((w) => w.length > 0));
  });
}

/** Joins runs of three or more one-letter words ("n i g g e r" -> "nigger"). */
function joinSpelledOut(words: string[]): string[] {
  const out: string[] = [];
  let run: string[] = [];
  const flush = () => {
    if (run.length >= 3) out.push(run.join(''));
    else out.push(...run);
    run = [];
  };
  for (const w of words) {
    if (w.length === 1) run.push(w);
    else {
      flush();
      out.push(w);
    }
  }
  flush();
  return out;
}

/** A word pattern: each letter run may repeat ("gg" -> g{2,}); optionally a plural ending. */
function wordPattern(word: string, plural: boolean): string {
  let p = '';
  for (let i = 0; i < word.length;) {
    let j = i;
    while (j < word.length && word[j] === word[i]) j++;
    p += `${word[i]}{${j - i},}`;
    i = j;
  }
  return plural ? `${p}(?:e?s|z)?` : p;
}

interface Entry {
  entry: string;
  /** One pattern per word of the entry. */
  words: RegExp[];
  /** The whole entry written as one word. */
  joined: RegExp;
}

function compile(list: readonly string[]): Entry[] {
  return list.map((entry) => {
    const parts = entry.split(' ');
    return {
      entry,
      words: parts.map((w, i) => new RegExp(`^${wordPattern(w, i === parts.length - 1)}$`)),
      joined: new RegExp(`^${wordPattern(parts.join(''), true)}$`),
    };
  });
}

const ENTRIES = compile(MODERATION_LIST);

function matchIn(words: string[], e: Entry): boolean {
  for (let i = 0; i < words.length; i++) {
    if (e.words.length > 1 && e.joined.test(words[i]!)) return true;
    if (i + e.words.length > words.length) continue;
    if (e.words.every((re, k) => re.test(words[i + k]!))) return true;
  }
  return false;
}

/** The first list entry the text contains (normalised, whole words), or null. */
export function findProhibited(text: string, list: readonly string[] = MODERATION_LIST): string | null {
  const entries = list === MODERATION_LIST ? ENTRIES : compile(list);
  for (const words of normalisedWordLists(text)) {
    for (const e of entries) if (matchIn(words, e)) return e.entry;
  }
  return null;
}
