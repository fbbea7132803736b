// All of Mantine's styles, for the pages behind the login and the panels that open from the
// header. The first page's share (first-page-styles.ts) comes again here: in one cascade layer,
// the copies that arrive last keep Mantine's own order.
import '@mantine/core/styles.layer.css';
import '@mantine/notifications/styles.layer.css';
import '@mantine/dropzone/styles.layer.css';
