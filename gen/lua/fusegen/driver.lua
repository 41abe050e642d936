-- The generator's entry point, called by gen/main.c with every spec and
-- template already read; returns the files to write (path -> text) or a listing.
-- Nothing here touches the file system.

local spec_mod = require "fusegen.spec"
local variants_mod = require "fusegen.variants"
local render_mod = require "fusegen.render"
local emit_kernels = require "fusegen.emit_kernels"
local emit_host = require "fusegen.emit_host"
local prefix_mod = require "fusegen.prefix"
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

function M.run(inputs)
  prefix_mod.check(inputs.prefix or "fg")
  local archs = variants_mod.parse_archs(inputs.archs)
  local templates = {}
  for _, t in ipairs(inputs.templates) do templates[t.name] = t end
  local render = render_mod.new(templates)

  local ops, seen = {}, {}
  for _, file in ipairs(inputs.specs) do
    local op = run_guarded(file.path, spec_mod.load, file, templates)
    if seen[op.op] then
      error(string.format("%s: field 'op': expected a name not used by %s, got %q", file.path, seen[op.op], op.op), 0)
    end
    seen[op.op] = file.path
    op.variants = run_guarded(file.path, variants_mod.expand, op, archs)
    ops[#ops + 1] = op
  end
  table.sort(ops, function(a, b) return a.op < b.op end)

  -- every variant's thread mapping, so that bad tile parameters fail every command
  for _, op in ipairs(ops) do
    local mapping = require("fusegen.mapping_" .. op.kernel.mapping)
    for _, v in ipairs(op.variants) do run_guarded(op.path, mapping.plan, op, v, nil) end
  end

  if inputs.command == "list" then
    local lines = {}
    for _, op in ipairs(ops) do
      local names = {}
      for _, a in ipairs(op.axes) do names[#names + 1] = a.name end
      lines[#lines + 1] = string.format("%s  (%s; %d variants; key = {%s})", op.op, op.path, #op.variants, table.concat(names, ", "))
      for _, v in ipairs(op.variants) do
        lines[#lines + 1] = string.format("  %-60s key={%s} sm_%d", v.name, table.concat(v.key, ","), v.arch)
      end
    end
    return { listing = table.concat(lines, "\n") .. "\n" }
  end

  local files = {}
  files["fusegen_device.cuh"] = run_guarded("fusegen_device.cuh", emit_kernels.device_header, render)
  for _, op in ipairs(ops) do
    op.kernel_files = run_guarded(op.path, emit_kernels.emit, op, op.variants, render, files,
      function() return nil end)
  end
  run_guarded("the host sources", emit_host.emit, ops, render, files, inputs.runtime, archs)
  if inputs.prefix and inputs.prefix ~= "fg" then
    for name, text in pairs(files) do files[name] = prefix_mod.apply(text, inputs.prefix) end
  end
  return { files = files }
end

return M
