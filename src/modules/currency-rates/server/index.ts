// The currency-rates module's server surface: the routes, the NBU job, and `rateOn` for documents in a foreign
// currency (a supplier receipt takes the rate of its date).
export { currencyRatesRoutes } from './currency-rates.routes.ts';
export { startCurrencyRateJobs } from './currency-rates.jobs.ts';
export { BASE_CURRENCY, rateOn } from './currency-rates.service.ts';
export { currencyRates } from './currency-rates.table.ts';
