-- The generator's entry point, called by gen/main.c with every spec and
-- template already read; returns the files to write (path -> text) or a listing.
-- Nothing here touches the file system.

local spec_mod = require "fusegen.spec"
local variants_mod = require "fusegen.variants"
local render_mod = require "fusegen.render"
local emit_kernels = require "fusegen.emit_kernels"
local emit_host = require "fusegen.emit_host"
local prefix_mod = require "fusegen.prefix"
local tiles_mod = require "fusegen.tiles"
local tuning_mod = require "fusegen.tuning"
local stages_mod = require "fusegen.stages"
local names_mod = require "fusegen.names"
local text_mod = require "fusegen.text"
require "fusegen.mapping_heads" -- registers the "heads" mapping
require "fusegen.mapping_rows" -- registers the "rows" mapping

local M = {}

local function run_guarded(what, f, ...)
  FUSEGEN_ACTIVITY = what -- named by the instruction-budget error (gen/sandbox.c)
  local ok, res = pcall(f, ...)
  if not ok then
    local msg = tostring(res)
    if msg:find("not enough memory", 1, true) then msg = msg .. " (memory limit reached)" end
    if not msg:find(what, 1, true) then msg = msg .. "\n  (while generating " .. what .. ")" end
    error(msg, 0)
  end
  return res
end

-- A tuning build: each variant that a tuning file names becomes one kernel per
-- candidate tile set of its spec's `tune` (the first: the untuned tiles),
-- named <variant>_t<i>, all under the variant's dispatch key; every other
-- variant is left out. A candidate the mapping refuses (too few threads for
-- the largest row, say) is left out too. The runtime runs candidate i when a
-- tuner selects it.
function M.candidate_variants(ops, tuning, archs)
  local count = 0
  for _, op in ipairs(ops) do
    local mapping = require("fusegen.mapping_" .. op.kernel.mapping)
    local list = {}
    for _, v in ipairs(op.variants) do
      if tuning_mod.tuned(tuning, v) and not v.model then
        local n = 0
        for _, c in ipairs(tiles_mod.candidates(op, v, mapping.TILE_KINDS, tuning_mod.current_tiles(op, tuning, v,
            mapping.TILE_KINDS))) do
          local layer = { path = op.path, field = "tune", params = c.params }
          if pcall(mapping.plan, op, v, layer) then
            local cv = {}
            for k, x in pairs(v) do cv[k] = x end
            cv.candidate, cv.variant, cv.candidate_layer = n, v.base, layer
            cv.candidate_params, cv.candidate_tiles = tiles_mod.text(c.params), tiles_mod.text(c.tiles)
            cv.candidate_current = table.concat(c.current, " ")
            cv.base = ("%s_t%d"):format(v.base, n)
            cv.name = ("%s_sm%d"):format(cv.base, v.arch)
            cv.file = v.base .. ".cu"
            list[#list + 1] = cv
            n = n + 1
          end
        end
      end
    end
    op.variants = list
    count = count + #list
  end
  if count == 0 then
    error(("--tune-build: no variant to tune for %s: the tuning files (gen/tuning/sm_<N>.lua) name the variants " ..
      "to tune; `fusegen_bench --variants` prints a first one"):format(archs), 0)
  end
end

-- --ops: the named ops, in the order of `ops`; a name no spec defines is an error.
function M.select_ops(ops, list)
  local wanted, by_name, names = {}, {}, {}
  for _, op in ipairs(ops) do by_name[op.op] = op; names[#names + 1] = op.op end
  for name in list:gmatch("[^,%s]+") do
    if not by_name[name] then
      error(("--ops: expected names of ops (%s), got %q"):format(table.concat(names, ", "), name), 0)
    end
    wanted[name] = true
  end
  local kept = {}
  for _, op in ipairs(ops) do if wanted[op.op] then kept[#kept + 1] = op end end
  if #kept == 0 then error("--ops: expected at least one op name, got \"" .. list .. "\"", 0) end
  return kept
end

function M.run(inputs)
  prefix_mod.check(inputs.prefix or "fg")
  local archs = variants_mod.parse_archs(inputs.archs)
  local templates = {}
  for _, t in ipairs(inputs.templates) do templates[t.name] = t end
  local render = render_mod.new(templates)

  -- the stage library: every stage's declared contract, read from its template
  run_guarded("the stage templates", stages_mod.load_all, templates, spec_mod.sandbox_env, spec_mod.mappings())
  if inputs.command == "stages" then return { listing = stages_mod.markdown() } end
  local ops, seen = {}, {}
  for _, file in ipairs(inputs.specs) do
    for _, op in ipairs(run_guarded(file.path, spec_mod.load, file, templates)) do
      if seen[op.op] then
        error(string.format("%s: field 'op': expected a name not used by %s, got %q", op.path, seen[op.op], op.op), 0)
      end
      seen[op.op] = op.path
      op.variants = run_guarded(op.path, variants_mod.expand, op, archs)
      ops[#ops + 1] = op
    end
  end
  -- no C name of two meanings: the runtime's, and every spec's (in the order read)
  FUSEGEN_ACTIVITY = "the specs' names"
  names_mod.check_unique(ops, names_mod.runtime_names(inputs.runtime))
  table.sort(ops, function(a, b) return a.op < b.op end)

  local tuning = run_guarded("the tuning files", tuning_mod.load_all, inputs.tuning, ops)
  local function tuning_for(v) return tuning_mod.layer(tuning, v) end
  -- GPU models' own kernels, where their tiles differ from their target's
  local models = tuning_mod.models(tuning, archs)
  if not inputs.tune_build then
    for _, op in ipairs(ops) do
      local kinds = require("fusegen.mapping_" .. op.kernel.mapping).TILE_KINDS
      run_guarded("the tuning files", tuning_mod.model_variants, op, tuning, models, kinds)
    end
  end

  -- every variant's thread mapping and tuner candidates, so that bad tile
  -- parameters fail every command
  for _, op in ipairs(ops) do
    local mapping = require("fusegen.mapping_" .. op.kernel.mapping)
    for _, v in ipairs(op.variants) do
      run_guarded(op.path, mapping.plan, op, v, tuning_for(v))
      if op.tune then run_guarded(op.path, tiles_mod.candidates, op, v, mapping.TILE_KINDS) end
    end
  end
  if inputs.ops then ops = run_guarded("--ops", M.select_ops, ops, inputs.ops) end
  if inputs.tune_build then
    run_guarded("the tuning build", M.candidate_variants, ops, tuning, inputs.archs)
    tuning_for = function(v) return v.candidate_layer end
  end

  if inputs.command == "list" then
    local lines = {}
    for _, op in ipairs(ops) do
      local names = {}
      for _, a in ipairs(op.axes) do names[#names + 1] = a.name end
      lines[#lines + 1] = string.format("%s  (%s; %d variants; key = {%s})", op.op, op.file, #op.variants, table.concat(names, ", "))
      for _, v in ipairs(op.variants) do
        lines[#lines + 1] = string.format("  %-60s key={%s} sm_%d%s", v.name, table.concat(v.key, ","), v.arch,
          v.model and (" (GPU model " .. v.model .. ")") or "")
      end
    end
    return { listing = table.concat(lines, "\n") .. "\n" }
  end

  if inputs.command == "host" then
    -- the spec fuzzer's: only what host code compiles against (no kernels);
    -- with neutral_text, the same again under neutral/ with every text of the
    -- specs replaced by one word
    local files = {}
    run_guarded("the host sources", emit_host.emit_headers, ops, render, files, inputs.runtime)
    if inputs.neutral_text then
      local neutral = {}
      for _, op in ipairs(ops) do text_mod.neutralise(op) end
      run_guarded("the host sources", emit_host.emit_headers, ops, render, neutral, inputs.runtime)
      for name, t in pairs(neutral) do files["neutral/" .. name] = t end
    end
    return { files = files }
  end

  local files = {}
  files["fusegen_device.cuh"] = run_guarded("fusegen_device.cuh", emit_kernels.device_header, render)
  for _, op in ipairs(ops) do
    op.kernel_files = run_guarded(op.path, emit_kernels.emit, op, op.variants, render, files, tuning_for)
  end
  run_guarded("the host sources", emit_host.emit, ops, render, files, inputs.runtime, archs, inputs.tune_build, models)
  if inputs.prefix and inputs.prefix ~= "fg" then
    for name, text in pairs(files) do files[name] = prefix_mod.apply(text, inputs.prefix) end
  end
  return { files = files }
end

return M
