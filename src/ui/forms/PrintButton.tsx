import { Button } from './Button';

export interface PrintButtonProps {
  // What goes to paper, for the button's accessible name ("Print the statement").
  what: string;
}

// Opens the browser's print dialog; the print styles (styles.css) leave out the portal around the page or
// the open dialog, so what prints is the quote or the statement itself.
export function PrintButton({ what }: PrintButtonProps) {
  return (
    <Button variant="secondary" onClick={() => window.print()} aria-label={`Print ${what}`}>
      Print
    </Button>
  );
}
