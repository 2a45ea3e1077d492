/**
 * The moderation list: hate speech and slurs that a submission's title and description may not
 * contain (spec section 8: CONTENT_REJECTED, "Your submission contains prohibited content. Please
 * remove any hate speech or slurs."; the tutorial's "No Hate" guideline).
 *
 * This file exists only to refuse these words. Each entry is a word or a phrase, written in plain
 * lower-case letters and spaces; `moderation.ts` compares it with the normalised text (case,
 * diacritics, common leetspeak digits and symbols, letters spelt out with separators, repeated
 * letters) on whole-word boundaries, with an optional plural ending, so innocent words that merely
 * contain an entry ("snigger", "Scunthorpe", "raccoon", "spicy") pass.
 *
 * Keep it to unambiguous slurs and hate phrases: words with an everyday innocent meaning ("chink" in
 * armour, "fag" for a cigarette, "dyke" for an embankment, "sambo" the martial art) do not belong here; a human moderator handles
 * those. To add an entry, add a test of it and of an innocent word that contains it
 * (`moderation.test.ts`).
 */
export const MODERATION_LIST: readonly string[] = [
  // anti-Black slurs
  'nigger',
  'nigga',
  'niggah',
  'nigguh',
  'negroid ape',
  'porch monkey',
  'jungle bunny',
  'darkie',
  'pickaninny',
  // antisemitic slurs and phrases
  'kike',
  'gas the jews',
  'oven dodger',
  'holohoax',
  'jew rat',
  // anti-Asian and anti-Latino slurs
  'gook',
  'slant eye',
  'ching chong',
  'wetback',
  'beaner',
  // anti-Arab and anti-Muslim slurs
  'raghead',
  'towelhead',
  'sand nigger',
  'camel jockey',
  'muzzie',
  // anti-LGBT slurs
  'faggot',
  'shemale',
  // anti-Roma and other ethnic slurs
  'gypo',
  'pikey',
  'dago',
  'polack',
  // hate phrases and extremist slogans
  'heil hitler',
  'sieg heil',
  'white power',
  'white pride worldwide',
  'fourteen words',
  'race war now',
  'kill all jews',
  'kill all muslims',
  'kill all blacks',
  'kill all gays',
  'death to jews',
  'death to muslims',
  'death to gays',
  'hang the gays',
];
