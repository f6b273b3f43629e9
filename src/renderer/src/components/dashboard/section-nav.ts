/**
 * Scrolls the dashboard to one of its sections. A plain "#id" link would not do: the
 * address's hash holds the app's route, and changing it would leave the run's page.
 */
export function scrollToSection(id: string): void {
  document.getElementById(id)?.scrollIntoView({ block: 'start' });
}
