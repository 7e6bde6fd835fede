/**
 * The crowd feature's bench reads: GET /api/recap and GET /api/crowd-sense for scale players who finished today's
 * three topics (found with findThreeTopicPlayers, bench/seed/scale.queries.ts; finished through
 * the API before the measurement). Self-contained so other scenarios can be added to run.ts beside it.
 */
type DailyTopics = {
  topics: Array<{
    isSelected: boolean;
    questions: Array<{ id: string; type: string; minValue: number | null; userAnswer: unknown }>;
  }>;
};

/**
 * Before the measured run, each player finishes the day as the web app would — answers the questions left in
 * their three topics, guesses on their multiple-choice answers (opt-1; before seeing any result) — and opens
 * the recap once: that first recap reveals the day (writes the verdicts and tallies), so the measured requests
 * are the steady-state read every later visit makes. Throws on any unexpected status.
 */
export async function finishDays(
  baseUrl: string,
  cookies: string[],
): Promise<{ answers: number; guesses: number }> {
  let answers = 0;
  let guesses = 0;
  let next = 0;
  const worker = async () => {
    while (next < cookies.length) {
      const cookie = cookies[next++]!;
      const headers = { cookie, origin: baseUrl, 'content-type': 'application/json' };
      const daily = (await (await fetch(`${baseUrl}/api/daily-topics`, { headers })).json()) as DailyTopics;
      const mine = daily.topics.filter((t) => t.isSelected).flatMap((t) => t.questions);
      for (const q of mine.filter((x) => x.userAnswer === null)) {
        const body =
          q.type === 'numeric'
            ? { questionId: q.id, numericValue: q.minValue ?? 0 }
            : { questionId: q.id, selectedOptionId: 'opt-1' };
        const r = await fetch(`${baseUrl}/api/answers`, {
          method: 'POST',
          headers,
          body: JSON.stringify(body),
        });
        if (r.status !== 201) throw new Error(`answer → ${r.status} ${await r.text()}`);
        answers++;
      }
      for (const q of mine) {
        if (q.type !== 'multiple_choice') continue;
        const r = await fetch(`${baseUrl}/api/guesses`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ questionId: q.id, optionId: 'opt-1' }),
        });
        if (r.status === 201) guesses++;
        else if (r.status !== 409) throw new Error(`guess → ${r.status} ${await r.text()}`);
      }
      const recap = await fetch(`${baseUrl}/api/recap`, { headers });
      if (!recap.ok) throw new Error(`recap → ${recap.status} ${await recap.text()}`);
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  return { answers, guesses };
}
