# The autoplay soak: GAMES whole games by the bot from seed SEED (default 1) (in the sanitizer build, any memory or
# undefined-behaviour error aborts the run). Every game must print one JSON line with every
# field of docs/ARCHITECTURE.md, end in death, victory or the turn limit, and the totals must
# show each mechanic at work: kills, doors opened, keys used, hidden doors found, items picked,
# each lab tool used.
if(NOT DEFINED SEED)
  set(SEED 1)
endif()
execute_process(COMMAND ${EXE} autoplay --seed ${SEED} --games ${GAMES}
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "autoplay exited with ${rc}\n${err}")
endif()
string(REGEX MATCHALL "[^\n]+" lines "${out}")
list(LENGTH lines count)
if(NOT count EQUAL GAMES)
  message(FATAL_ERROR "${count} result lines for ${GAMES} games\n${err}")
endif()
set(int "[0-9]+")
set(line_re "^{\"seed\":${int},\"result\":\"(died|won|timeout)\",\"deepest\":${int},\"turns\":${int},\"kills\":${int},\"level\":${int},\"xp\":${int},\"score\":${int},\"doors_opened\":${int},\"keys_used\":${int},\"hidden_found\":${int},\"items_picked\":${int},\"doors_closed\":${int},\"turns_floors_0_4\":${int},\"kills_floors_0_4\":${int},\"locker\":\"[^\"]*\",\"identified\":${int},\"vials_known\":${int},\"fights_floors_0_4\":${int},\"fight_gap_floors_0_4\":${int},\"uses\":{(\"[^\"]+\":${int},?)+},\"found_tools\":\\[(\"[^\"]+\",?)*\\]}$")
foreach(line IN LISTS lines)
  if(NOT line MATCHES "${line_re}")
    message(FATAL_ERROR "not a result line of docs/ARCHITECTURE.md: ${line}")
  endif()
endforeach()
foreach(field kills doors_opened keys_used hidden_found items_picked identified)
  if(NOT err MATCHES "${field} [1-9]")
    message(FATAL_ERROR "no ${field} in the totals: ${err}")
  endif()
endforeach()
# Each lab tool is used in some game of those it was found in (R-BOT-TOOL-8: "uses NAME
# used/found (percent)").
foreach(tool "Cheese" "Spring Trap" "Ultrasonic Repeller" "Flash Bulb" "Tranquilizer Darts"
        "Chip Scrambler")
  if(NOT err MATCHES "(uses|,) ${tool} [1-9][0-9]*/[1-9]")
    message(FATAL_ERROR "${tool} never used in the games it was found in: ${err}")
  endif()
endforeach()
if(err MATCHES "runtime error|AddressSanitizer")
  message(FATAL_ERROR "sanitizer report:\n${err}")
endif()
message(STATUS "${err}")
