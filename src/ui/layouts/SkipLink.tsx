export interface SkipLinkProps {
  // The id of the element to skip to: the layout's <main>, which takes focus (tabIndex -1).
  targetId: string;
}

// The first stop of the Tab key on every screen: past the menu and the header to the screen itself.
// Hidden until focused; focus moves with it, so the next Tab continues inside the screen.
export function SkipLink({ targetId }: SkipLinkProps) {
  return (
    <a
      href={`#${targetId}`}
      onClick={(event) => {
        const target = document.getElementById(targetId);
        if (!target) return;
        // The router would take the hash for a navigation; only focus and scroll are wanted.
        event.preventDefault();
        target.focus();
        target.scrollIntoView({ block: 'start' });
      }}
      className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-3 focus:z-[60] focus:rounded-md focus:bg-white focus:px-4 focus:py-2 focus:text-sm focus:font-semibold focus:text-indigo-700 focus:shadow-lg focus:outline-2 focus:outline-indigo-600"
    >
      Skip to content
    </a>
  );
}
