// The async boundary, as in the shell: the app and its stylesheet load behind it.
import('./bootstrap.js').then(({ start }) => start());
