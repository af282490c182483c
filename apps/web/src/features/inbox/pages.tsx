import { PlaceholderPage } from '../../components/placeholder-page';

export function InboxPage() {
  return <PlaceholderPage title="Inbox" description="Your inbox is coming soon." />;
}

export function HiddenInboxPage() {
  return <PlaceholderPage title="Hidden Messages" description="Hidden messages are coming soon." />;
}

export function MailDetailPage() {
  return <PlaceholderPage title="Message" description="Reading messages is coming soon." />;
}
