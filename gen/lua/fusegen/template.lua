-- Template compiler: CUDA (or C) text with embedded Lua.
--
--   % <lua statement>      a line whose first non-blank character is '%' is Lua code
--   $(<lua expression>)    anywhere in a text line: replaced by tostring(expression)
--   %! <lua>               a declaration line: the %! lines of a template, together,
--                          are a Lua chunk that returns its declaration (a stage's
--                          contract); they produce no output
--   everything else        copied to the output as it is
--
-- Each template line becomes exactly one line of Lua, so a Lua error inside a
-- template reports the template's own file name and line number.
-- Unrolling is done here, at generation time: `% for i = 0, n - 1 do` repeats text.

local M = {}

local function split_lines(text)
  local lines, pos = {}, 1
  while pos <= #text do
    local nl = text:find("\n", pos, true)
    if not nl then lines[#lines + 1] = text:sub(pos); break end
    lines[#lines + 1] = text:sub(pos, nl - 1)
    pos = nl + 1
  end
  return lines
end
M.split_lines = split_lines

-- Turn one text line into the argument list of _emit: string literals and $(...) values.
local function text_line_to_lua(line, name, lineno)
  local parts, pos = {}, 1
  while true do
    local s = line:find("$(", pos, true)
    if not s then break end
    if s > pos then parts[#parts + 1] = string.format("%q", line:sub(pos, s - 1)) end
    local depth, i = 1, s + 2
    while i <= #line and depth > 0 do
      local c = line:sub(i, i)
      if c == "(" then depth = depth + 1 elseif c == ")" then depth = depth - 1 end
      i = i + 1
    end
    if depth ~= 0 then
      error(string.format("%s:%d: template error: unclosed $( in: %s", name, lineno, line), 0)
    end
    parts[#parts + 1] = "_str(" .. line:sub(s + 2, i - 2) .. ")"
    pos = i
  end
  if pos <= #line then parts[#parts + 1] = string.format("%q", line:sub(pos)) end
  parts[#parts + 1] = '"\\n"'
  return "_emit(" .. table.concat(parts, ", ") .. ")"
end

-- compile(text, name) -> render(env) -> string
-- `name` is the template's path, used in error messages.
function M.compile(text, name)
  local out = {}
  for lineno, line in ipairs(split_lines(text)) do
    local indent, stmt = line:match("^(%s*)%%(.*)$")
    if stmt and stmt:sub(1, 1) == "!" then
      out[#out + 1] = "" -- a declaration line: read by M.declaration
    elseif stmt then
      -- _I carries the statement's indentation to include()/stage() calls on that line.
      out[#out + 1] = string.format("_I=%q %s", indent, stmt)
    else
      out[#out + 1] = text_line_to_lua(line, name, lineno)
    end
  end
  -- The environment arrives as the chunk's argument; declared on line 1 so that
  -- line numbers stay those of the template.
  local source = "local _ENV = ...; " .. table.concat(out, "\n")
  local chunk, err = load(source, "@" .. name, "t", {})
  if not chunk then error("template error: " .. err, 0) end
  return chunk
end

-- The template's declaration: its %! lines, run as one chunk in env (other
-- lines stay as empty lines, so that errors name the template's own line).
-- nil when the template has no %! line.
function M.declaration(text, name, env)
  local lines, any = {}, false
  for _, line in ipairs(split_lines(text)) do
    local decl = line:match("^%s*%%!(.*)$")
    lines[#lines + 1] = decl or ""
    any = any or decl ~= nil
  end
  if not any then return nil end
  local chunk, err = load(table.concat(lines, "\n"), "@" .. name, "t", env)
  if not chunk then error("template error: " .. err, 0) end
  local ok, decl = pcall(chunk)
  if not ok then error(tostring(decl), 0) end
  return decl
end

return M
