import { readmeCommandLines } from './readme-blocks.mjs';

const doc = [
  '# Title', // 1
  '', // 2
  '```bash', // 3
  'npm install', // 4
  '', // 5
  '# a comment alone', // 6
  'npm start   --  --x 1    # ready → http://localhost:3000/ # still the comment', // 7
  'echo \'a # b\' "c # d" e#f', // 8
  '```', // 9
  '', // 10
  '```json', // 11
  '{ "npm": "run" }', // 12
  '```', // 13
  '', // 14
  '```', // 15
  'scripts/   not commands', // 16
  '```', // 17
  '', // 18
  '````sh', // 19
  '$ npm run deploy -- catalog \\', // 20
  '    --to /tmp/x   # joined', // 21
  '```', // 22
  'npm run inside-the-four-backtick-fence', // 23
  '````', // 24
  '', // 25
  '```console', // 26
  'npm test', // 27
].join('\n');

describe('readmeCommandLines', () => {
  const lines = readmeCommandLines(doc);

  test('reads every shell block, and only shell blocks, skipping blank and comment-only lines', () => {
    expect(lines.map((found) => found.command)).toEqual([
      'npm install',
      'npm start -- --x 1',
      'echo \'a # b\' "c # d" e#f',
      'npm run deploy -- catalog --to /tmp/x',
      '```',
      'npm run inside-the-four-backtick-fence',
      'npm test',
    ]);
  });

  test('keeps the line number, the text as written and the comment, which a quote or a word does not start', () => {
    expect(lines[1]).toEqual({
      line: 7,
      text: 'npm start   --  --x 1    # ready → http://localhost:3000/ # still the comment',
      command: 'npm start -- --x 1',
      comment: 'ready → http://localhost:3000/ # still the comment',
    });
    expect(lines[2]?.comment).toBe('');
  });

  test('joins a line continued with a backslash and drops a `$ ` prompt, numbered by its first line', () => {
    expect(lines[3]).toMatchObject({ line: 20, comment: 'joined' });
  });

  test('an unclosed block still yields its lines; a document without shell blocks yields none', () => {
    expect(lines.at(-1)).toMatchObject({ line: 27, command: 'npm test' });
    expect(readmeCommandLines('text\n```js\nnpm start\n```\n')).toEqual([]);
  });
});
