import { useRef, type KeyboardEvent } from 'react';
import { EVENTS_TABS, type EventsTab } from './eventsSlice.ts';

export const EVENTS_TAB_LABELS: Record<EventsTab, string> = {
  nextEvents: 'Next Events',
  myEvents: 'My Events',
  leaderView: 'Leader View',
};

export interface EventsTabsProps {
  selected: EventsTab;
  onSelect: (tab: EventsTab) => void;
  tabId: (tab: EventsTab) => string;
  panelId: (tab: EventsTab) => string;
  /** A tab is about to be chosen (pointed at, pressed, focused): its panel's code may be fetched now. */
  onIntent?: (tab: EventsTab) => void;
}

/** The WAI-ARIA tabs pattern with automatic activation: arrows, Home and End move and select. */
export function EventsTabs({ selected, onSelect, tabId, panelId, onIntent }: EventsTabsProps) {
  const buttons = useRef(new Map<EventsTab, HTMLButtonElement>());

  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = EVENTS_TABS.indexOf(selected);
    const last = EVENTS_TABS.length - 1;
    const target =
      event.key === 'ArrowRight' ? (index === last ? 0 : index + 1)
      : event.key === 'ArrowLeft' ? (index === 0 ? last : index - 1)
      : event.key === 'Home' ? 0
      : event.key === 'End' ? last
      : undefined;
    if (target === undefined) return;
    event.preventDefault();
    const tab = EVENTS_TABS[target]!;
    onSelect(tab);
    buttons.current.get(tab)?.focus();
  };

  return (
    <div className="events-tabs" role="tablist" aria-label="Eventos" onKeyDown={handleKeyDown}>
      {EVENTS_TABS.map((tab) => {
        const isSelected = tab === selected;
        return (
          <button
            key={tab}
            ref={(element) => {
              if (element) buttons.current.set(tab, element);
              else buttons.current.delete(tab);
            }}
            type="button"
            role="tab"
            id={tabId(tab)}
            className="events-tabs__tab"
            aria-selected={isSelected}
            aria-controls={panelId(tab)}
            tabIndex={isSelected ? 0 : -1}
            onClick={() => onSelect(tab)}
            onPointerEnter={onIntent && (() => onIntent(tab))}
            onPointerDown={onIntent && (() => onIntent(tab))}
            onFocus={onIntent && (() => onIntent(tab))}
          >
            {EVENTS_TAB_LABELS[tab]}
          </button>
        );
      })}
    </div>
  );
}
