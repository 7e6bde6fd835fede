/**
 * Issue 16's bench reads: GET /api/recap and GET /api/crowd-sense for scale players who finished today's
 * three topics (found with findFinishedPlayers, edge-api/src/db/queries/scale.queries.ts). Self-contained so
 * other scenarios can be added to run.ts beside it.
 */
type DailyTopics = {
  topics: Array<{ isSelected: boolean; questions: Array<{ id: string; type: string }> }>;
};

/**
 * Before the measured run, each finished player guesses on their multiple-choice answers (opt-1, as a player
 * would before seeing results) and opens the recap once: that first recap reveals the day (writes the
 * verdicts and tallies), so the measured requests are the steady-state read every later visit makes.
 * Returns how many guesses were stored; throws on any unexpected status.
 */
export async function prepareFinishedPlayers(baseUrl: string, cookies: string[]): Promise<{ guesses: number }> {
  let guesses = 0;
  let next = 0;
  const worker = async () => {
    while (next < cookies.length) {
      const cookie = cookies[next++]!;
      const headers = { cookie, origin: baseUrl, 'content-type': 'application/json' };
      const daily = (await (await fetch(`${baseUrl}/api/daily-topics`, { headers })).json()) as DailyTopics;
      for (const q of daily.topics.filter((t) => t.isSelected).flatMap((t) => t.questions)) {
        if (q.type !== 'multiple_choice') continue;
        const r = await fetch(`${baseUrl}/api/guesses`, { method: 'POST', headers, body: JSON.stringify({ questionId: q.id, optionId: 'opt-1' }) });
        if (r.status === 201) guesses++;
        else if (r.status !== 409) throw new Error(`guess → ${r.status} ${await r.text()}`);
      }
      const recap = await fetch(`${baseUrl}/api/recap`, { headers });
      if (!recap.ok) throw new Error(`recap → ${recap.status} ${await recap.text()}`);
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  return { guesses };
}
