import { lintSource } from '@secretlint/core';
import { creator } from '@secretlint/secretlint-rule-preset-recommend';
const content = process.argv[2];
const t=performance.now();
const r = await lintSource({ source: { content, filePath: '/x.txt', ext: '.txt', contentType: 'text' }, options: { config: { rules: [{ id: creator.meta.id, rule: creator }] }, noPhysicFilePath: true } });
console.log(performance.now()-t, JSON.stringify(r.messages.map(m=>({id:m.ruleId,mid:m.messageId,range:m.range, text: content.slice(m.range[0], m.range[1])})), null, 1));
