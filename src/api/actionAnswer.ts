// SPEC §7/§8: the quote action wrapper (POST /v1/quote/action) answers 200 even when the action
// failed; a string `data.error` is the failure, raised as an error with that message.
export function raiseActionError<T>(answer: T): T {
  if (answer && typeof answer === 'object' && 'data' in answer) {
    const data: unknown = answer.data;
    if (data && typeof data === 'object' && 'error' in data && typeof data.error === 'string') {
      throw new Error(data.error);
    }
  }
  return answer;
}
