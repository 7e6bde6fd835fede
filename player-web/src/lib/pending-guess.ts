/**
 * The guess step that is open (guess the crowd), kept in localStorage so a reload returns to it instead of the
 * server revealing the results with no guess (ADR 0241). Written before the answer's next step can put "results"
 * into today's topics, cleared once the guess is sent (or skipped). One entry per browser; it names its player.
 */
export type OpenGuess =
  | { questionId: string; kind: 'choice'; answeredOptionId: string }
  | { questionId: string; kind: 'numeric'; answeredValue: number };

export type PendingGuess = OpenGuess & { userId: string; topicId: string };

const KEY = 'daily-tea:pending-guess';
let memory: string | null = null; // where storage is refused (private modes)

function read(): string | null {
  try {
    return localStorage.getItem(KEY);
  } catch {
    return memory;
  }
}

export function pendingGuessFor(userId: string, topicId?: string): PendingGuess | null {
  const text = read();
  if (!text) return null;
  try {
    const value = JSON.parse(text) as PendingGuess;
    if (value.userId !== userId || (topicId !== undefined && value.topicId !== topicId)) return null;
    return value;
  } catch {
    return null;
  }
}

/** Whether an open guess step of `topicId` is kept in this browser, whoever's it is. */
export function anyPendingGuessOn(topicId: string): boolean {
  const text = read();
  if (!text) return false;
  try {
    return (JSON.parse(text) as PendingGuess).topicId === topicId;
  } catch {
    return false;
  }
}

export function savePendingGuess(value: PendingGuess): void {
  const text = JSON.stringify(value);
  memory = text;
  try {
    localStorage.setItem(KEY, text);
  } catch {
    // memory only
  }
}

export function clearPendingGuess(questionId: string): void {
  const text = read();
  if (!text || !text.includes(JSON.stringify(questionId))) return;
  memory = null;
  try {
    localStorage.removeItem(KEY);
  } catch {
    // memory only
  }
}
