import { Icon, type IconName } from '../../ui';
import { useGreeting } from '../greeting';
import { nameOf, useMe } from '../me';

interface QuickAction {
  href: string;
  title: string;
  text: string;
  icon: IconName;
  tone?: 'green' | 'amber';
}

/** Quick actions (panel.md §2 "Panel home"); their targets are other apps, so plain links. */
export const QUICK_ACTIONS: QuickAction[] = [
  { href: '/board/new', title: 'New board', text: 'Start a blank board and invite your team.', icon: 'plus' },
  { href: '/documents/how-to', title: 'How-to', text: 'Learn the tools, shortcuts and sharing.', icon: 'book', tone: 'green' },
  { href: '/templates', title: 'Templates', text: 'Begin from a ready-made layout.', icon: 'template', tone: 'amber' },
];

/** /panel/home: greeting by hour and quick actions. (Statistics and recent boards come with the home data API.) */
export function HomePage() {
  const greeting = useGreeting();
  const name = nameOf(useMe());
  return (
    <>
      <h2 className="p-greeting">
        {greeting}
        {name ? `, ${name}` : ''}
      </h2>
      <p className="p-lead">What would you like to work on today?</p>
      <h3 className="p-section-title">Quick actions</h3>
      <div className="p-actions">
        {QUICK_ACTIONS.map((a) => (
          <a key={a.href} className="p-action" href={a.href}>
            <span className={`p-action__icon${a.tone ? ` p-action__icon--${a.tone}` : ''}`}>
              <Icon name={a.icon} size={20} />
            </span>
            <span>
              <strong>{a.title}</strong>
              <span>{a.text}</span>
            </span>
          </a>
        ))}
      </div>
    </>
  );
}
