export { NOTIFY_TEXT, NotifyMe } from './notify-me';
export { COMING_SOON_HEADING, COMING_SOON_TEXT, ComingSoonPage, CommunityPage, MapsPage, ToolsPage } from './coming-soon-page';
