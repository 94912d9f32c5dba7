/** @planner/ui/statistics: the statistics pages' screen (states, figures, charts, refresh), shared by the organization's and the admin's page. */
export { StatisticsScreen, type Figure, type StatisticsScreenProps } from './StatisticsScreen.js';
