// What other modules may use of the currency rates' web part (decision 0017): the NBU card on /integrations.
export { NbuRatesCard } from './nbu-card.tsx';
