/**
 * DocSearch 4.7 bundles its Ask AI feature into the modal module (@docsearch/react/modal, one
 * minified file): the chat screens, a Markdown renderer, the Vercel AI SDK and the zod schema
 * library, three quarters of the module. This site never configures Ask AI (no `askAi` in the
 * theme config), so none of it ever runs; this transform removes it from the bundle:
 *
 * 1. The Ask AI chat hook, which the modal calls on every render whether Ask AI is configured or
 *    not, becomes a stub returning what the hook returns before any conversation (no messages,
 *    status "ready", an empty conversation store), one constant object so effects that depend on
 *    its functions never re-run.
 * 2. The screens the dropdown shows only while Ask AI is active become components rendering
 *    nothing, and so does the helper that classifies Ask AI errors.
 * 3. Every top-level declaration no longer reachable from the module's export is deleted, with
 *    the statements that only set up such declarations.
 *
 * The places to cut are found by what the code does (the property names of the hook's argument
 * and result, the props the dropdown tests), not by minified names, and each must be found exactly
 * once: a DocSearch upgrade that changes them fails the build with a Chinese message instead of
 * silently shipping Ask AI again. test/unit/docsearch-ask-ai.test.ts checks the built chunk too.
 */
const {parse} = require('@babel/parser');
const traverse = require('@babel/traverse').default;

/** What the Ask AI hook returns (DocSearch 4.7.0); the stub returns the same keys. */
const HOOK_KEYS = [
  'messages', 'sendMessage', 'status', 'setMessages', 'clearError', 'resetAskAiAbortScope',
  'resetAskAiChatSession', 'askAiError', 'stopAskAiStreaming', 'isStreaming', 'exchanges',
  'conversations', 'sendFeedback',
];

/** Function bodies of the stubs; `$` is the stub's own name. One object for every call of the hook. */
const HOOK_STUB =
  'var n=function(){},p=function(){return Promise.resolve()};return $.s||($.s={messages:[],sendMessage:n,status:"ready",' +
  'setMessages:n,clearError:n,resetAskAiAbortScope:n,resetAskAiChatSession:n,askAiError:void 0,stopAskAiStreaming:p,' +
  'isStreaming:!1,exchanges:[],conversations:{add:n,addFeedback:n,getAll:function(){return[]},getConversation:n,getOne:n,' +
  'remove:n},sendFeedback:p})';
const NOTHING = 'return null';

function fail(what) {
  throw new Error(`docsearch-fixes：在 @docsearch/react 的模态框代码中找不到${what}，无法去掉 Ask AI；请检查 DocSearch 升级后的代码并更新 plugins/docsearch-fixes/stripAskAi.js。`);
}

const keyName = (prop) => (prop.key && (prop.key.name ?? prop.key.value)) || null;

function stripAskAi(source) {
  const ast = parse(source, {sourceType: 'module'});
  let program;
  traverse(ast, {
    Program(path) {
      program = path;
      path.stop();
    },
  });
  const scope = program.scope;
  const body = ast.program.body;

  // Units of code: each declarator of a var statement, and every other top-level statement.
  const units = [];
  const unitOf = new Map();
  for (const statement of body) {
    const parts = statement.type === 'VariableDeclaration' ? statement.declarations : [statement];
    for (const node of parts) {
      unitOf.set(node, units.length);
      units.push({node, statement, refs: new Set(), targets: new Set(), replacement: null});
    }
  }
  const unitAt = (path) => {
    for (let p = path; p; p = p.parentPath) if (unitOf.has(p.node)) return unitOf.get(p.node);
    return -1;
  };
  const bindingUnit = new Map(Object.entries(scope.bindings).map(([name, b]) => [name, unitAt(b.path)]));

  // References between units; for expression statements, the bindings they set up (x = …, x.y = …).
  for (const [name, binding] of Object.entries(scope.bindings)) {
    const target = bindingUnit.get(name);
    for (const ref of [...binding.referencePaths, ...binding.constantViolations]) {
      const from = unitAt(ref);
      if (from < 0 || from === target) continue;
      units[from].refs.add(target);
      if (units[from].node.type !== 'ExpressionStatement' || ref.getFunctionParent()) continue;
      let m = ref;
      while (m.parentPath.isMemberExpression() && m.parentPath.node.object === m.node) m = m.parentPath;
      const assigned = ref.isAssignmentExpression() || (m.parentPath.isAssignmentExpression() && m.parentPath.node.left === m.node);
      if (assigned) units[from].targets.add(target);
    }
  }

  // The module's export: DocSearchModal.
  const exported = body.find((s) => s.type === 'ExportNamedDeclaration');
  const modalName = exported?.specifiers.find((s) => (s.exported.name ?? s.exported.value) === 'DocSearchModal')?.local.name;
  const modal = modalName && scope.getBinding(modalName);
  if (!modal) fail('导出的 DocSearchModal');

  const replace = (name, stubBody, what) => {
    const unit = units[bindingUnit.get(name)];
    if (!unit) fail(what);
    const fn = `function(){${stubBody.replace(/\$/g, name)}}`;
    unit.replacement = unit.node.type === 'FunctionDeclaration' ? fn.replace('function', `function ${name}`) : `${name}=${fn}`;
    unit.refs.clear();
  };

  // 1. The chat hook: called in the modal with {assistantId, …}, returning HOOK_KEYS.
  const hookCalls = [];
  modal.path.traverse({
    CallExpression(call) {
      const [arg] = call.node.arguments;
      if (call.node.callee.type === 'Identifier' && arg?.type === 'ObjectExpression' && arg.properties.some((p) => keyName(p) === 'assistantId')) {
        hookCalls.push(call.node.callee.name);
      }
    },
  });
  if (new Set(hookCalls).size !== 1) fail('Ask AI 对话 Hook 的调用（参数含 assistantId）');
  const hook = scope.getBinding(hookCalls[0]);
  const hookFunction = hook.path.isVariableDeclarator() ? hook.path.get('init') : hook.path;
  const hookReturns = [];
  hookFunction.traverse({
    ReturnStatement(ret) {
      if (ret.getFunctionParent()?.node !== hookFunction.node) return;
      if (ret.node.argument?.type === 'ObjectExpression') hookReturns.push(ret.node.argument.properties.map(keyName));
    },
  });
  if (hookReturns.length !== 1 || hookReturns[0].join() !== HOOK_KEYS.join()) fail(`与 4.7.0 相同的 Ask AI Hook 返回值（${HOOK_KEYS.join('、')}）`);
  replace(hookCalls[0], HOOK_STUB, 'Ask AI 对话 Hook');

  // 2. The screens shown only while Ask AI is active: in a conditional whose test reads
  //    `.isAskAiActive`, the component created in the branch taken.
  const screens = new Set();
  program.traverse({
    ConditionalExpression(cond) {
      let asksAi = false;
      cond.get('test').traverse({
        MemberExpression(m) {
          if (m.node.property.name === 'isAskAiActive') asksAi = true;
        },
      });
      if (cond.get('test').isMemberExpression() && cond.node.test.property.name === 'isAskAiActive') asksAi = true;
      const created = cond.node.consequent;
      if (!asksAi || created.type !== 'CallExpression' || created.callee.type !== 'MemberExpression') return;
      if (created.callee.property.name !== 'createElement' || created.arguments[0]?.type !== 'Identifier') return;
      const binding = scope.getBinding(created.arguments[0].name);
      if (binding && binding.scope === scope) screens.add(created.arguments[0].name);
    },
  });
  if (screens.size !== 3) fail('仅在 Ask AI 启用时显示的三个界面（对话、新对话、历史）');
  for (const name of screens) replace(name, NOTHING, `Ask AI 界面 ${name}`);

  // 3. The Ask AI error classifier: called in the modal as `"error" === status && f(error, …)`.
  const classifiers = [];
  modal.path.traverse({
    LogicalExpression(logical) {
      const {left, right} = logical.node;
      if (logical.node.operator !== '&&' || left.type !== 'BinaryExpression' || right.type !== 'CallExpression') return;
      if (left.left.type !== 'StringLiteral' || left.left.value !== 'error' || right.callee.type !== 'Identifier') return;
      const binding = scope.getBinding(right.callee.name);
      if (binding && binding.scope === scope) classifiers.push(right.callee.name);
    },
  });
  if (new Set(classifiers).size !== 1) fail('Ask AI 错误分类函数');
  replace(classifiers[0], NOTHING, 'Ask AI 错误分类函数');

  // 4. Keep what the export reaches; statements that set up a kept binding stay with it, others
  //    (calls left over from libraries) only when everything they use is kept.
  const live = new Set();
  const visit = (i) => {
    const stack = [i];
    while (stack.length) {
      const u = stack.pop();
      if (live.has(u)) continue;
      live.add(u);
      for (const r of units[u].refs) if (!live.has(r)) stack.push(r);
    }
  };
  units.forEach((u, i) => (u.node.type === 'ExportNamedDeclaration' || u.node.type === 'ImportDeclaration') && visit(i));
  for (let changed = true; changed; ) {
    changed = false;
    units.forEach((u, i) => {
      if (live.has(i) || u.node.type === 'VariableDeclarator' || u.node.type === 'FunctionDeclaration' || u.node.type === 'ClassDeclaration') return;
      const keep = u.targets.size > 0 ? [...u.targets].some((t) => live.has(t)) : [...u.refs].every((r) => live.has(r));
      if (keep) {
        visit(i);
        changed = true;
      }
    });
  }

  // Rewrite: statements whose units are all dead go, var statements keep their live declarators.
  let out = '';
  let last = 0;
  for (const statement of body) {
    const parts = statement.type === 'VariableDeclaration' ? statement.declarations : [statement];
    const kept = parts.map((node) => unitOf.get(node)).filter((i) => live.has(i));
    const unchanged = kept.length === parts.length && kept.every((i) => !units[i].replacement);
    out += source.slice(last, statement.start);
    last = statement.end;
    if (unchanged) out += source.slice(statement.start, statement.end);
    else if (kept.length === 0) continue;
    else if (statement.type === 'VariableDeclaration') {
      out += `${statement.kind} ${kept.map((i) => units[i].replacement ?? source.slice(units[i].node.start, units[i].node.end)).join(',')};`;
    } else {
      out += units[kept[0]].replacement;
    }
  }
  out += source.slice(last);
  parse(out, {sourceType: 'module'}); // a syntax error here would otherwise surface in the bundle
  return out;
}

module.exports = {stripAskAi, HOOK_KEYS};
