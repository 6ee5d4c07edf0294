/**
 * The prompts of a subtitle translation and the reading of their answers, as pure functions. Sentences go to the
 * model in numbered batches with the lines around them as context (never to be translated), in JSON mode; a second,
 * reflecting pass shows the model each source line beside its draft and takes back only the lines it improves. The
 * creator's glossary terms that occur in a batch are named in both prompts. An answer must give back every line of
 * its batch by id, in order: anything else is refused (the batch is asked again once), so no line is ever lost,
 * doubled or moved.
 */
import type { ChatMessage } from '../../../providers/ai/llm-client.js';

export type Language = 'zh' | 'en';

/** Lines per request: enough context for the model, small enough that an answer is rarely cut. */
export const BATCH_SIZE = 20;
/** Lines shown before and after a batch so pronouns and names read right; they are not translated. */
export const CONTEXT_LINES = 3;

const LANGUAGE_NAMES: Record<Language, string> = { zh: 'Simplified Chinese', en: 'English' };

export interface GlossaryTerm {
  source: string;
  target: string;
}

export interface Batch {
  /** Index of the first line and one past the last. */
  start: number;
  end: number;
}

/** The batches of `count` lines, in order. */
export function batchesOf(count: number, size = BATCH_SIZE): Batch[] {
  const batches: Batch[] = [];
  for (let start = 0; start < count; start += size) batches.push({ start, end: Math.min(count, start + size) });
  return batches;
}

const contains = (text: string, term: string) => text.toLowerCase().includes(term.toLowerCase());

/**
 * The glossary terms that occur in `texts`, turned to face the translation: a term written in the source language
 * as its `source` is used as it is; one whose `target` occurs (a glossary kept for the other direction) is turned
 * round. Longer terms first, so the model sees a whole name before a part of it.
 */
export function glossaryFor(texts: readonly string[], glossary: readonly GlossaryTerm[]): GlossaryTerm[] {
  const joined = texts.join('\n');
  const terms: GlossaryTerm[] = [];
  const seen = new Set<string>();
  for (const entry of glossary) {
    const term = contains(joined, entry.source)
      ? entry
      : contains(joined, entry.target)
        ? { source: entry.target, target: entry.source }
        : null;
    if (!term || seen.has(term.source.toLowerCase())) continue;
    seen.add(term.source.toLowerCase());
    terms.push(term);
  }
  return terms.sort((a, b) => b.source.length - a.source.length);
}

function glossaryText(terms: readonly GlossaryTerm[]): string {
  if (terms.length === 0) return '';
  return (
    '\nGlossary: always translate these terms exactly this way:\n' +
    terms.map((term) => `- ${term.source} => ${term.target}`).join('\n')
  );
}

export interface PromptInput {
  lines: readonly string[];
  batch: Batch;
  source: Language;
  target: Language;
  glossary: readonly GlossaryTerm[];
}

/** The line numbers the model sees: 1-based over the whole video, so a retry asks for the same ids. */
const idOf = (index: number) => index + 1;

/** The messages of the first pass over one batch. */
export function translationMessages(input: PromptInput): ChatMessage[] {
  const { lines, batch, source, target } = input;
  const own = lines.slice(batch.start, batch.end);
  const before = lines.slice(Math.max(0, batch.start - CONTEXT_LINES), batch.start);
  const after = lines.slice(batch.end, batch.end + CONTEXT_LINES);
  const system =
    `You translate video subtitles. Source language: ${LANGUAGE_NAMES[source]}. ` +
    `Target language: ${LANGUAGE_NAMES[target]}.\n` +
    'Translate each numbered line on its own, as spoken subtitles: natural, short, faithful; keep names ' +
    'consistent; never merge, split, drop or reorder lines. `context_before` and `context_after` are neighbouring ' +
    'lines for meaning only: do not translate them.\n' +
    'Answer one JSON object: {"lines":[{"id":<the line id>,"text":"<translation>"}]} with every id of `lines`, ' +
    'in the same order.' +
    glossaryText(glossaryFor([...before, ...own, ...after], input.glossary));
  const user = JSON.stringify({
    context_before: before,
    lines: own.map((text, i) => ({ id: idOf(batch.start + i), text })),
    context_after: after,
  });
  return [
    { role: 'system', content: system },
    { role: 'user', content: user },
  ];
}

/** The messages of the reflecting pass: each source line beside its draft; only better lines come back. */
export function reflectionMessages(input: PromptInput & { drafts: readonly string[] }): ChatMessage[] {
  const { lines, batch, source, target, drafts } = input;
  const own = lines.slice(batch.start, batch.end);
  const system =
    `You review subtitle translations. Source language: ${LANGUAGE_NAMES[source]}. ` +
    `Target language: ${LANGUAGE_NAMES[target]}.\n` +
    'For each line compare the draft with the source: fix mistranslations, omissions, unnatural wording and ' +
    'glossary terms not used; keep each line short enough to read as a subtitle.\n' +
    'Answer one JSON object: {"lines":[{"id":<the line id>,"text":"<improved translation>"}]} with only the ' +
    'lines you change (an empty list when every draft is good).' +
    glossaryText(glossaryFor(own, input.glossary));
  const user = JSON.stringify({
    lines: own.map((text, i) => ({ id: idOf(batch.start + i), source: text, draft: drafts[i] ?? '' })),
  });
  return [
    { role: 'system', content: system },
    { role: 'user', content: user },
  ];
}

/** What the model answered, before checking: any JSON object. */
export type ModelAnswer = Record<string, unknown>;

const answerLines = (answer: ModelAnswer): unknown[] | null => (Array.isArray(answer.lines) ? answer.lines : null);

const lineText = (item: unknown): { id: unknown; text: string } | null => {
  if (!item || typeof item !== 'object') return null;
  const { id, text } = item as { id?: unknown; text?: unknown };
  if (typeof text !== 'string' || text.trim() === '') return null;
  return { id, text: text.trim() };
};

/**
 * The translations of a batch from the first pass's answer, or null when the answer does not give exactly the
 * batch's ids in order, each with a text (a number written as a string counts).
 */
export function readTranslation(answer: ModelAnswer, batch: Batch): string[] | null {
  const items = answerLines(answer);
  if (!items || items.length !== batch.end - batch.start) return null;
  const texts: string[] = [];
  for (const [i, item] of items.entries()) {
    const line = lineText(item);
    if (!line || Number(line.id) !== idOf(batch.start + i)) return null;
    texts.push(line.text);
  }
  return texts;
}

/**
 * The drafts with the reflecting pass's improvements: a line whose id is of the batch and whose text is usable
 * replaces its draft; every other item (unknown id, no text, not an object) is ignored and that draft kept.
 */
export function applyReflection(answer: ModelAnswer, batch: Batch, drafts: readonly string[]): string[] {
  const out = [...drafts];
  for (const item of answerLines(answer) ?? []) {
    const line = lineText(item);
    const id = Number(line?.id);
    if (!line || !Number.isInteger(id) || id < idOf(batch.start) || id > batch.end) continue;
    out[id - idOf(batch.start)] = line.text;
  }
  return out;
}
