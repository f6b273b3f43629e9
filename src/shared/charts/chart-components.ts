// chart.js is tree-shakeable: every chart the app and the PDF draw needs these, registered
// once in each (line and bar charts on category, linear and log axes, CI bands, titles and
// legends). One list, so a band the PDF draws is never missing from the app's copy.
import {
  BarController,
  BarElement,
  CategoryScale,
  Filler,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  LogarithmicScale,
  PointElement,
  SubTitle,
  Title,
  type ChartComponentLike,
} from 'chart.js';

export const CHART_COMPONENTS: ChartComponentLike[] = [
  BarController,
  BarElement,
  CategoryScale,
  Filler,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  LogarithmicScale,
  PointElement,
  SubTitle,
  Title,
];
