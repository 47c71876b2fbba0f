// Component tests see the same styles as the app and Storybook.
import './test-styles.css';
