// What a support recording of a portal session never captures (docs/session-recording.md). Card and bank
// fields are blocked outright: the recorder keeps neither what is typed nor the element, only an empty box of
// its size. Forms put RECORDING_BLOCKED_CLASS on the element that holds them; the selector catches the same
// fields by their names and autocomplete hints, so a form that forgets the class still leaks nothing.
export const RECORDING_BLOCKED_CLASS = 'rr-block';

export const RECORDING_BLOCKED_SELECTOR = [
  `.${RECORDING_BLOCKED_CLASS}`,
  'input[autocomplete^="cc-"]',
  '[name^="card."]',
  '[name^="bank."]',
  '[name="routing_number"]',
  '[name="account_number"]',
  '[name="holder_name"]',
].join(', ');

// The options the recorder runs with: every input masked (what a user types shows as asterisks), card and
// bank fields blocked, stylesheets kept as links to the portal's own files so a replay loads them from the
// server under its content security policy (an inlined stylesheet would need inline styles).
export const RECORDING_OPTIONS = {
  maskAllInputs: true,
  blockClass: RECORDING_BLOCKED_CLASS,
  blockSelector: RECORDING_BLOCKED_SELECTOR,
  inlineStylesheet: false,
  recordCanvas: false,
  collectFonts: false,
} as const;
