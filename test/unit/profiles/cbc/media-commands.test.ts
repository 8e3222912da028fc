// Issue #21 (emission): cbc's slash command list with its media commands is made once per list of names and set of
// environment switches, not for every turn's system/init. Each call must still answer for its own environment, with
// a list of its own (capture env_cbc_video_gen_off_fe: the switches decide which media commands are listed).
import { describe, expect, it } from 'vitest';
import { withMediaCommands } from '../../../../dist/profiles/cbc/media-commands.js';

const names = ['help', 'debug', 'model:text-to-video', 'model:image-to-video', 'clear'];

describe('withMediaCommands, made once per switches (#21)', () => {
  it('answers each environment in turn, from the same list of names', () => {
    const plain = ['help', 'debug', 'model:text-to-video', 'model:image-to-video', 'clear'];
    const images = ['help', 'debug', 'model:text-to-image', 'model:image-to-image', 'model:text-to-video', 'model:image-to-video', 'clear'];
    const noVideo = ['help', 'debug', 'clear'];
    for (let round = 0; round < 2; round++) {
      expect(withMediaCommands(names, {})).toEqual(plain);
      expect(withMediaCommands(names, { CODEBUDDY_IMAGE_GEN_ENABLED: '1', CODEBUDDY_IMAGE_EDIT_ENABLED: 'true' })).toEqual(images);
      expect(withMediaCommands(names, { CODEBUDDY_VIDEO_GEN_ENABLED: 'false' })).toEqual(noVideo);
    }
    expect(withMediaCommands(['debug'], {})).toEqual(['debug', 'model:text-to-video', 'model:image-to-video']);
  });
  it('gives each caller a list of its own', () => {
    const a = withMediaCommands(names, {});
    a.push('changed by a caller');
    expect(withMediaCommands(names, {})).not.toContain('changed by a caller');
  });
});
