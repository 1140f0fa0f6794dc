import { Eye, type LucideIcon, Pencil, Trash2 } from 'lucide-react';

/**
 * The view, edit and delete icons that every row of a list repeats. Drawn once, in a sprite the
 * signed-in layout holds, and shown in each row by reference (`<use>`): two elements an icon instead
 * of lucide's three to six. A page of 25 workers on a phone had 1,232 elements, 464 of them inside
 * SVG icons (issue 15, Lighthouse's DOM size on /worker-management; decision 070).
 */
const ROW_ACTION_ICONS = { view: Eye, edit: Pencil, delete: Trash2 } satisfies Record<string, LucideIcon>;

export type RowActionIconName = keyof typeof ROW_ACTION_ICONS;

const symbolId = (name: RowActionIconName) => `row-action-icon-${name}`;

/** The sprite: rendered once, by the layout every list is shown in. */
export function RowActionIconSprite() {
  return (
    <svg aria-hidden="true" focusable="false" width="0" height="0" className="absolute">
      {Object.entries(ROW_ACTION_ICONS).map(([name, Icon]) => (
        <symbol key={name} id={symbolId(name as RowActionIconName)} viewBox="0 0 24 24">
          <Icon />
        </symbol>
      ))}
    </svg>
  );
}

/** One row action's icon, decorative: the control around it carries the name. */
export function RowActionIcon({ name, className = 'h-4 w-4' }: { name: RowActionIconName; className?: string }) {
  return (
    <svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" className={className}>
      <use href={`#${symbolId(name)}`} />
    </svg>
  );
}
