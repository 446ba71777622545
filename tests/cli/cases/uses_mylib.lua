print("stdin sees " .. mylib.answer)
