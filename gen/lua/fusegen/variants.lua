-- Expanding a spec's variant axes into the list of kernels to build.
--
-- Every combination of axis values (in axis order, values in the order the
-- spec lists them) that the spec's keep() accepts, once per GPU target.
-- The order is fixed, so the output is the same on every run.

local dtypes = require "fusegen.dtypes"

local M = {}

-- Each tensor's dtype in variant v: { name = { dtype = "bf16", ctype = "__nv_bfloat16" } }.
function M.tensor_types(spec, v)
  local out = {}
  for _, t in ipairs(spec.tensors) do
    local dt = spec.axis_by_name[t.dtype] and v[t.dtype] or t.dtype
    out[t.name] = { dtype = dt, ctype = dtypes.info(dt).cuda }
  end
  return out
end

-- "sm_90" -> 90
function M.parse_archs(text)
  local archs, seen = {}, {}
  for word in text:gmatch("[^,%s]+") do
    local n = word:match("^sm_(%d+)$")
    if not n or tonumber(n) < 70 then
      error(string.format("--archs: expected GPU targets such as sm_80,sm_90,sm_100, got %q", word), 0)
    end
    n = tonumber(n)
    if not seen[n] then archs[#archs + 1] = n; seen[n] = true end
  end
  if #archs == 0 then error("--archs: expected at least one GPU target such as sm_90", 0) end
  table.sort(archs)
  return archs
end

local function value_tag(axis, value)
  return (axis.prefix or "") .. tostring(value)
end

-- rope_bf16_tabfp32_pairinterleaved_d128_rotfull_vec16 (the axes in order; only
-- axes_subset if given), then "_sm90" when with_arch.
function M.name(spec, v, axes_subset, with_arch)
  local parts = { spec.op }
  for _, a in ipairs(spec.axes) do
    if not axes_subset or axes_subset[a.name] then parts[#parts + 1] = value_tag(a, v[a.name]) end
  end
  if with_arch then parts[#parts + 1] = "sm" .. v.arch end
  return table.concat(parts, "_")
end

function M.expand(spec, archs)
  local out = {}
  local current = {}
  local function rec(i)
    if i > #spec.axes then
      local ok = true
      if spec.keep then
        local good, r = pcall(spec.keep, current)
        if not good then error(spec.path .. ": keep(): " .. tostring(r), 0) end
        ok = r
      end
      if ok then
        for _, arch in ipairs(archs) do
          local v = { arch = arch }
          for k, val in pairs(current) do v[k] = val end
          out[#out + 1] = v
        end
      end
      return
    end
    local a = spec.axes[i]
    for _, value in ipairs(a.values) do
      current[a.name] = value
      rec(i + 1)
    end
    current[a.name] = nil
  end
  rec(1)
  if #out == 0 then error(spec.path .. ": field 'keep': expected at least one variant to survive, got none", 0) end
  local file_axes = {}
  for _, n in ipairs(spec.kernel.files) do file_axes[n] = true end
  for _, v in ipairs(out) do
    v.name = M.name(spec, v, nil, true)   -- one kernel for one GPU target
    v.base = M.name(spec, v)              -- the same kernel's source, for every target
    v.file = M.name(spec, v, file_axes) .. ".cu"  -- compiled once per target
    -- the key: the index of each axis value, in axis order
    v.key = {}
    for j, a in ipairs(spec.axes) do
      for idx, val in ipairs(a.values) do
        if val == v[a.name] then v.key[j] = idx - 1 end
      end
    end
  end
  return out
end

return M
