/** The JSON body of a response, or null when it is empty or not JSON. */
// biome-ignore lint/suspicious/noExplicitAny: callers type the body; shared response schemas are issue #30 step 2
export async function readJson(res: Response): Promise<any> {
  const text = await res.text();
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}
