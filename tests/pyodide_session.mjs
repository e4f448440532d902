// Shared by the Node runners: a list of api requests through urzeit.api in a booted Pyodide.
// "$match" in a request stands for the match id of the first reply that has one; "$reset"
// makes the next "new" start another session.

export function runRequests(api, requests) {
  let match = null;
  const replies = [];
  const timings = [];
  for (const req of requests) {
    if (req === "$reset") {
      match = null;
      continue;
    }
    const text = JSON.stringify(req).replaceAll('"$match"', JSON.stringify(match));
    const t0 = performance.now();
    const reply = api.handle(text);
    timings.push(performance.now() - t0);
    const parsed = JSON.parse(reply);
    if (match === null && parsed.ok && parsed.result.match) match = parsed.result.match;
    replies.push(parsed);
  }
  return { match, replies, timings };
}

// The final state of a match as canonical JSON, or null.
export function finalState(pyodide, match) {
  if (match === null) return null;
  pyodide.globals.set("match_id", match);
  // Fixed source text; the match id travels as a value, never as code.
  const state = pyodide.runPython(
    "import json, urzeit.match as m\njson.dumps(m.peek(match_id).state.to_json(), sort_keys=True)");
  pyodide.globals.delete("match_id");
  return state;
}
