import type { ReactNode } from 'react';

// A column's cell or header: text, or a function of its context.
type Template<C> = string | ((context: C) => unknown) | undefined;

// Renders a cell or header by calling its function, where tanstack's flexRender would mount it as a component.
// Screens rebuild their columns when what the cells close over changes (the ticked rows, the URL); mounted as
// components, every rebuilt cell function is a new component type, so React would replace each cell's
// elements, and the button or checkbox that had focus would be gone. Called, the cells' elements stay and only
// their props change.
export function renderTemplate<C>(template: Template<C>, context: C): ReactNode {
  return typeof template === 'function' ? (template(context) as ReactNode) : template;
}
