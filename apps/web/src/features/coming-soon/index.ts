export { NotifyMe } from './notify-me';
export { ComingSoonPage, CommunityPage, MapsPage, ToolsPage } from './coming-soon-page';
