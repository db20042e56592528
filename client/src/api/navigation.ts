/**
 * How the API client leaves a screen after a 403 (SPEC §6: redirect home unless flagged to remain).
 * The router registers its own navigation at start; until then a full page load does the job.
 */
let goHome: () => void = () => window.location.assign('/');

export function setHomeNavigation(navigate: () => void): void {
  goHome = navigate;
}

export function navigateHome(): void {
  goHome();
}
