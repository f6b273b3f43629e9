// chart.js is tree-shakeable: register only what the app's charts use (bar and line charts
// on category and linear axes, with titles, legends and tooltips), once.
import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  SubTitle,
  Title,
  Tooltip,
} from 'chart.js';

let registered = false;

export function registerCharts(): typeof Chart {
  if (!registered) {
    Chart.register(
      BarController,
      BarElement,
      CategoryScale,
      Legend,
      LinearScale,
      LineController,
      LineElement,
      PointElement,
      SubTitle,
      Title,
      Tooltip,
    );
    registered = true;
  }
  return Chart;
}
