/** Navigation for code outside React (the API client, session handling) that goes through the app's router. */

type Navigate = (to: string) => void;

// Until the router registers itself a full page load still gets the user there.
let navigate: Navigate = (to) => window.location.assign(to);

export function registerNavigate(routerNavigate: Navigate): void {
  navigate = routerNavigate;
}

export function navigateTo(to: string): void {
  navigate(to);
}
